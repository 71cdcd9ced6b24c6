CREATE TABLE "inventory_minimums" (
	"org_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"minimum" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_minimums_org_id_sku_pk" PRIMARY KEY("org_id","sku")
);
--> statement-breakpoint
ALTER TABLE "inventory_minimums" ADD CONSTRAINT "inventory_minimums_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;