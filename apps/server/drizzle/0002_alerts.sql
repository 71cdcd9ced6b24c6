CREATE TABLE "alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor" jsonb,
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"zone_id" uuid,
	"tag_id" text NOT NULL,
	"gateway_id" text,
	"state" text NOT NULL,
	"mode" text NOT NULL,
	"danger_reason" text,
	"press_count" integer DEFAULT 1 NOT NULL,
	"last_press_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" jsonb,
	"escalated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" jsonb,
	"reason_code" text,
	"reason_text" text,
	"reason_details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "button_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"tag_id" text NOT NULL,
	"nonce" text NOT NULL,
	"gateway_id" text NOT NULL,
	"events" jsonb NOT NULL,
	"status" text NOT NULL,
	"alert_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"gateway_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_heartbeats" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"gateway_id" text NOT NULL,
	"status" text,
	"payload" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"zone_id" uuid,
	"zone_path" uuid[],
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "button_events" ADD CONSTRAINT "button_events_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_commands" ADD CONSTRAINT "gateway_commands_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_heartbeats" ADD CONSTRAINT "gateway_heartbeats_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_alert_idx" ON "alert_events" USING btree ("alert_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_tag_idx" ON "alerts" USING btree ("tag_id") WHERE "alerts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_org_open_idx" ON "alerts" USING btree ("org_id","created_at") WHERE "alerts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_org_created_idx" ON "alerts" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_zone_idx" ON "alerts" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "button_events_nonce_idx" ON "button_events" USING btree ("org_id","tag_id","nonce");--> statement-breakpoint
CREATE INDEX "button_events_received_idx" ON "button_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "gateway_commands_pending_idx" ON "gateway_commands" USING btree ("gateway_id") WHERE "gateway_commands"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "gateway_heartbeats_gateway_at_idx" ON "gateway_heartbeats" USING btree ("gateway_id","at");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");