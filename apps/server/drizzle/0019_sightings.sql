-- Issue 20: where each tag was last heard (tag_positions, one row per tag), where it was (tag_moves,
-- kept 30 days) and the sightings posts answered once (sighting_batches, kept 24 hours).
CREATE TABLE "sighting_batches" (
	"gateway_id" text NOT NULL,
	"batch" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" jsonb NOT NULL,
	CONSTRAINT "sighting_batches_gateway_id_batch_pk" PRIMARY KEY("gateway_id","batch")
);
--> statement-breakpoint
CREATE TABLE "tag_moves" (
	"tag_id" text NOT NULL,
	"org_id" uuid NOT NULL,
	"gateway_id" text NOT NULL,
	"zone_id" uuid,
	"rssi" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_positions" (
	"tag_id" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"gateway_id" text NOT NULL,
	"zone_id" uuid,
	"rssi" smallint NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"moved_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tag_positions" ADD CONSTRAINT "tag_positions_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_positions" ADD CONSTRAINT "tag_positions_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_positions" ADD CONSTRAINT "tag_positions_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sighting_batches_received_brin_idx" ON "sighting_batches" USING brin ("received_at");--> statement-breakpoint
CREATE INDEX "tag_moves_tag_at_idx" ON "tag_moves" USING btree ("tag_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tag_moves_at_brin_idx" ON "tag_moves" USING brin ("at");--> statement-breakpoint
CREATE INDEX "tag_positions_org_zone_idx" ON "tag_positions" USING btree ("org_id","zone_id");--> statement-breakpoint
-- A sighting from the same gateway rewrites rssi and times only: room on each page lets that be a
-- HOT update (no index entry written, nothing left for the indexes' vacuum). ARCHITECTURE §8.
ALTER TABLE "tag_positions" SET (fillfactor = 70);
