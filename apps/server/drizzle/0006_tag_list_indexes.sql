-- pg_trgm (a trusted contrib extension; PGlite loads it in db/client.ts) for the tag list's text search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "tags_org_idx";--> statement-breakpoint
DROP INDEX "tags_config_state_idx";--> statement-breakpoint
CREATE INDEX "tags_id_trgm_idx" ON "tags" USING gin (lower("id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_label_trgm_idx" ON "tags" USING gin (("config"->>'label') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_owner_name_trgm_idx" ON "tags" USING gin (("config"->'owner'->>'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_owner_person_trgm_idx" ON "tags" USING gin (("config"->'owner'->>'personId') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_org_owner_name_idx" ON "tags" USING btree ("org_id",lower("config"->'owner'->>'name'),"id");--> statement-breakpoint
CREATE INDEX "tags_org_label_idx" ON "tags" USING btree ("org_id",("config"->>'label'),"id");--> statement-breakpoint
CREATE INDEX "tags_org_state_idx" ON "tags" USING btree ("org_id",("config"->>'state'),"id");--> statement-breakpoint
CREATE INDEX "tags_org_battery_idx" ON "tags" USING btree ("org_id",(case when jsonb_typeof("state" #> '{battery,current,level}') = 'number' then ("state" #>> '{battery,current,level}')::numeric end),"id");--> statement-breakpoint
CREATE INDEX "tags_org_last_seen_idx" ON "tags" USING btree ("org_id",("state"->>'updatedAt'),"id");--> statement-breakpoint
CREATE INDEX "tags_org_urgency_idx" ON "tags" USING btree ("org_id",(case when jsonb_typeof("config" #> '{collection,urgency}') = 'number' then ("config" #>> '{collection,urgency}')::numeric end),"id");--> statement-breakpoint
CREATE INDEX "tags_org_id_idx" ON "tags" USING btree ("org_id","id");