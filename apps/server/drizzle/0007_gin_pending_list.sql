-- A trigram index's pending list is merged by the write that fills it: 1 MB instead of 4 MB keeps
-- that merge short (issue 6, bench/lists.bench.ts). ALTER, not drizzle-kit's drop and re-create.
ALTER INDEX "tags_id_trgm_idx" SET (gin_pending_list_limit = 1024);--> statement-breakpoint
ALTER INDEX "tags_label_trgm_idx" SET (gin_pending_list_limit = 1024);--> statement-breakpoint
ALTER INDEX "tags_owner_name_trgm_idx" SET (gin_pending_list_limit = 1024);--> statement-breakpoint
ALTER INDEX "tags_owner_person_trgm_idx" SET (gin_pending_list_limit = 1024);
