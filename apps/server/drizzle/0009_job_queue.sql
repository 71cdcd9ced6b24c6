CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"singleton_key" text,
	"start_after" timestamp with time zone DEFAULT now() NOT NULL,
	"retry_limit" integer NOT NULL,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"claim" uuid,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" USING btree ("name","singleton_key") WHERE "jobs"."state" = 'created';--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("name","start_after") WHERE "jobs"."state" in ('created', 'retry');--> statement-breakpoint
CREATE INDEX "jobs_active_idx" ON "jobs" USING btree ("heartbeat_at") WHERE "jobs"."state" = 'active';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."state" in ('completed', 'failed', 'cancelled');--> statement-breakpoint
-- Until this migration jobs lived in pg-boss's schema (ARCHITECTURE §9 'Our own job queue'): the
-- jobs still waiting there move here (a key pg-boss was given only to stay unique becomes none),
-- then the schema goes. A fresh database has no such schema and skips both.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    INSERT INTO "jobs" ("name", "data", "state", "singleton_key", "start_after", "retry_limit", "retry_count", "created_at")
    SELECT "name", coalesce("data", '{}'::jsonb), "state"::text,
      CASE WHEN "singleton_key" LIKE '~%' THEN NULL ELSE "singleton_key" END,
      "start_after", "retry_limit", "retry_count", "created_on"
    FROM pgboss.job
    WHERE "state"::text IN ('created', 'retry')
    ON CONFLICT DO NOTHING;
  END IF;
END $$;--> statement-breakpoint
DROP SCHEMA IF EXISTS pgboss CASCADE;
