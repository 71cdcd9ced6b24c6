CREATE TABLE "analytics_alert_days" (
	"org_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"mode" text NOT NULL,
	"alerts" integer NOT NULL,
	"acknowledge_hist" numeric NOT NULL,
	"close_hist" numeric NOT NULL,
	"details" numeric NOT NULL,
	CONSTRAINT "analytics_alert_days_zone_id_grain_day_mode_pk" PRIMARY KEY("zone_id","grain","day","mode")
);
--> statement-breakpoint
CREATE INDEX "alerts_org_response_idx" ON "alerts" USING btree ("org_id",(coalesce("acknowledged_at", "closed_at") - "created_at")) WHERE "alerts"."closed_at" is not null;