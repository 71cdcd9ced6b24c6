-- Issue 19 (ARCHITECTURE §8 'PGlite keeps house itself'): no planner statistics for whole JSON
-- documents that no query compares whole (every condition on them is an expression, whose
-- statistics come from the expression indexes). Sorting 30,000 sampled documents was most of an
-- ANALYZE, which holds embedded PGlite's one connection: tags (100,000) 0.7–1.1 s → 0.28 s;
-- gateway_heartbeats (690,000) 0.55 s → 0.2 s.
ALTER TABLE "tags" ALTER COLUMN "config" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "tags" ALTER COLUMN "state" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "gateway_heartbeats" ALTER COLUMN "payload" SET STATISTICS 0;
