-- Issue 20: the count of sightings flushes (one row): each flush adds one in its transaction, so a
-- server that finds it moved by more than its own flushes knows another instance wrote positions.
CREATE TABLE "sighting_flushes" (
	"id" smallint PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "sighting_flushes" ("id", "count") VALUES (1, 0);
