CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"zone_id" uuid,
	"name" text NOT NULL,
	"tag_id" text,
	"status" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"home_zone_id" uuid NOT NULL,
	"planned_start" timestamp with time zone NOT NULL,
	"planned_end" timestamp with time zone NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"overdue_alert_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "visit_id" uuid;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_home_zone_id_zones_id_fk" FOREIGN KEY ("home_zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_org_name_idx" ON "assets" USING btree ("org_id",lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_tag_idx" ON "assets" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "assets_zone_idx" ON "assets" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "home_visits_org_start_idx" ON "home_visits" USING btree ("org_id","planned_start");--> statement-breakpoint
CREATE INDEX "home_visits_person_idx" ON "home_visits" USING btree ("person_id","planned_start");--> statement-breakpoint
CREATE INDEX "home_visits_home_idx" ON "home_visits" USING btree ("home_zone_id");--> statement-breakpoint
CREATE INDEX "home_visits_overdue_idx" ON "home_visits" USING btree ("planned_end") WHERE "home_visits"."checked_out_at" is null and "home_visits"."cancelled_at" is null and "home_visits"."overdue_alert_id" is null;