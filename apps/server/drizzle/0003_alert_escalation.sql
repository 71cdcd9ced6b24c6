CREATE TABLE "alert_client_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"alert_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"client_last_refresh_delta" double precision NOT NULL,
	"actor" jsonb NOT NULL,
	"request_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_client_errors" ADD CONSTRAINT "alert_client_errors_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_client_errors" ADD CONSTRAINT "alert_client_errors_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_client_errors_alert_idx" ON "alert_client_errors" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "alert_client_errors_org_at_idx" ON "alert_client_errors" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "alerts_escalation_idx" ON "alerts" USING btree ("created_at") WHERE "alerts"."closed_at" is null and "alerts"."acknowledged_at" is null and "alerts"."escalated_at" is null;