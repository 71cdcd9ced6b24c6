CREATE TABLE "warehouse_scans" (
	"key" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"step" text NOT NULL,
	"text" text NOT NULL,
	"answer" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_step_states" (
	"owner" text NOT NULL,
	"step" text NOT NULL,
	"org_id" uuid NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_step_states_owner_step_pk" PRIMARY KEY("owner","step")
);
--> statement-breakpoint
ALTER TABLE "warehouse_scans" ADD CONSTRAINT "warehouse_scans_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_step_states" ADD CONSTRAINT "warehouse_step_states_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_scans_owner_idx" ON "warehouse_scans" USING btree ("owner","step","at");--> statement-breakpoint
CREATE INDEX "tags_logistics_box_idx" ON "tags" USING btree (("config"->'logistics'->>'barcode')) WHERE ("tags"."config"->'logistics'->>'barcode') is not null;--> statement-breakpoint
CREATE INDEX "tags_logistics_order_idx" ON "tags" USING btree (("config"->'logistics'->>'order')) WHERE ("tags"."config"->'logistics'->>'order') is not null;--> statement-breakpoint
CREATE INDEX "gateways_logistics_box_idx" ON "gateways" USING btree (("config"->'logistics'->>'barcode')) WHERE ("gateways"."config"->'logistics'->>'barcode') is not null;--> statement-breakpoint
CREATE INDEX "gateways_logistics_order_idx" ON "gateways" USING btree (("config"->'logistics'->>'order')) WHERE ("gateways"."config"->'logistics'->>'order') is not null;