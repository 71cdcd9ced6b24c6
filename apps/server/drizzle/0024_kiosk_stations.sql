ALTER TABLE "distribution_stations" ADD COLUMN "gateway_id" text;--> statement-breakpoint
ALTER TABLE "distribution_stations" ADD COLUMN "scan_mode" text DEFAULT 'singleTap' NOT NULL;--> statement-breakpoint
CREATE INDEX "button_events_gateway_idx" ON "button_events" USING btree ("gateway_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_stations_gateway_idx" ON "distribution_stations" USING btree ("org_id","gateway_id") WHERE gateway_id is not null;