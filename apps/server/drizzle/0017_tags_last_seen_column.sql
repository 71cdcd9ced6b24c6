DROP INDEX "tags_org_last_seen_idx";--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "last_seen" text GENERATED ALWAYS AS (("state"->>'updatedAt')) STORED;--> statement-breakpoint
CREATE INDEX "tags_org_last_seen_idx" ON "tags" USING btree ("org_id","last_seen","id","zone_id");