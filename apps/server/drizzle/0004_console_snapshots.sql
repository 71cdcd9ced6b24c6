CREATE TABLE "console_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"console_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_snapshots" ADD CONSTRAINT "console_snapshots_console_id_consoles_id_fk" FOREIGN KEY ("console_id") REFERENCES "public"."consoles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_snapshots_console_created_idx" ON "console_snapshots" USING btree ("console_id","created_at");