-- The tag list's `query` reads one trigram index over one generated text (id, label, owner name and
-- person id, a line each) instead of four OR-ed indexes (issue 6, bench/lists.bench.ts; tag-sql.ts).
DROP INDEX "tags_id_trgm_idx";--> statement-breakpoint
DROP INDEX "tags_label_trgm_idx";--> statement-breakpoint
DROP INDEX "tags_owner_name_trgm_idx";--> statement-breakpoint
DROP INDEX "tags_owner_person_trgm_idx";--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "search" text GENERATED ALWAYS AS ((lower("id") || chr(10) || coalesce("config"->>'label', '') || chr(10) || coalesce("config"->'owner'->>'name', '') || chr(10) || coalesce("config"->'owner'->>'personId', ''))) STORED;--> statement-breakpoint
CREATE INDEX "tags_search_trgm_idx" ON "tags" USING gin ("search" gin_trgm_ops) WITH (gin_pending_list_limit=1024);