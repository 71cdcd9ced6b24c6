CREATE TABLE "order_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"line1" text NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"customer_org_id" uuid,
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"customer_org_id" uuid NOT NULL,
	"recipient_id" uuid,
	"address_id" uuid,
	"contact_id" uuid,
	"state" text DEFAULT 'open' NOT NULL,
	"lines" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" jsonb,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scratch_list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"kind" text NOT NULL,
	"device_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_addresses" ADD CONSTRAINT "order_addresses_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_addresses" ADD CONSTRAINT "order_addresses_recipient_id_order_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."order_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_contacts" ADD CONSTRAINT "order_contacts_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_contacts" ADD CONSTRAINT "order_contacts_recipient_id_order_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."order_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_recipients" ADD CONSTRAINT "order_recipients_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_recipients" ADD CONSTRAINT "order_recipients_customer_org_id_zones_id_fk" FOREIGN KEY ("customer_org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_org_id_zones_id_fk" FOREIGN KEY ("customer_org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recipient_id_order_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."order_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_order_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."order_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_contact_id_order_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."order_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scratch_list_items" ADD CONSTRAINT "scratch_list_items_org_id_zones_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_addresses_recipient_idx" ON "order_addresses" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "order_contacts_recipient_idx" ON "order_contacts" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "order_recipients_org_idx" ON "order_recipients" USING btree ("org_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_org_number_idx" ON "orders" USING btree ("org_id","number");--> statement-breakpoint
CREATE INDEX "orders_org_state_idx" ON "orders" USING btree ("org_id","state","created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_org_id") WHERE state <> 'shipped';--> statement-breakpoint
CREATE UNIQUE INDEX "scratch_list_items_owner_idx" ON "scratch_list_items" USING btree ("owner","kind","device_id");--> statement-breakpoint
CREATE INDEX "scratch_list_items_list_idx" ON "scratch_list_items" USING btree ("org_id","owner","kind","added_at");