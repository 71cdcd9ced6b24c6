CREATE TABLE "batch_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"actor" jsonb NOT NULL,
	"subject" text NOT NULL,
	"op" text NOT NULL,
	"args" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ids" text[] NOT NULL,
	"count" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"zone_id" uuid,
	"name" text NOT NULL,
	"help_message" text DEFAULT '' NOT NULL,
	"minimum_inventory" integer DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"zone_id" uuid,
	"name" text NOT NULL,
	"person_id" text NOT NULL,
	"contacts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_remote" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_commands" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_commands" ADD COLUMN "actor" jsonb;--> statement-breakpoint
ALTER TABLE "batch_operations" ADD CONSTRAINT "batch_operations_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_stations" ADD CONSTRAINT "distribution_stations_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_stations" ADD CONSTRAINT "distribution_stations_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_operations_org_at_idx" ON "batch_operations" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "distribution_stations_org_idx" ON "distribution_stations" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "people_org_person_idx" ON "people" USING btree ("org_id","person_id");--> statement-breakpoint
CREATE INDEX "people_org_name_idx" ON "people" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "people_zone_idx" ON "people" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "gateway_commands_org_created_idx" ON "gateway_commands" USING btree ("org_id","created_at");