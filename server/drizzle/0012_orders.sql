CREATE TABLE "address" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"phone" text NOT NULL,
	"street" text NOT NULL,
	"suburb" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postcode" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "address_postcode_check" CHECK ("address"."postcode" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "order_comment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_line_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_comment_rating_check" CHECK ("order_comment"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "order_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"pay_status" smallint DEFAULT 0 NOT NULL,
	"goods_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"address" jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"tracking_no" text,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "sale_order_status_check" CHECK ("sale_order"."status" between 0 and 4),
	CONSTRAINT "sale_order_pay_status_check" CHECK ("sale_order"."pay_status" between 0 and 4),
	CONSTRAINT "sale_order_amounts_check" CHECK ("sale_order"."goods_cents" >= 0 and "sale_order"."shipping_cents" >= 0 and "sale_order"."total_cents" = "sale_order"."goods_cents" + "sale_order"."shipping_cents" and "sale_order"."gst_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_order_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"name" text NOT NULL,
	"sku_label" text NOT NULL,
	"thumb_url" text NOT NULL,
	"unit_cents" integer NOT NULL,
	"count" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"supplier_code" text NOT NULL,
	"supplier_name" text NOT NULL,
	"self" boolean NOT NULL,
	CONSTRAINT "sale_order_line_count_check" CHECK ("sale_order_line"."count" > 0),
	CONSTRAINT "sale_order_line_amount_check" CHECK ("sale_order_line"."amount_cents" = "sale_order_line"."unit_cents" * "sale_order_line"."count")
);
--> statement-breakpoint
CREATE TABLE "shipping_rule" (
	"island" text NOT NULL,
	"member_kind" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"free_from_cents" integer,
	CONSTRAINT "shipping_rule_island_member_kind_pk" PRIMARY KEY("island","member_kind"),
	CONSTRAINT "shipping_rule_island_check" CHECK ("shipping_rule"."island" in ('north', 'south')),
	CONSTRAINT "shipping_rule_kind_check" CHECK ("shipping_rule"."member_kind" in ('retail', 'wholesale')),
	CONSTRAINT "shipping_rule_fee_check" CHECK ("shipping_rule"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_status_check" CHECK ("payment"."status" in ('pending', 'succeeded', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "address" ADD CONSTRAINT "address_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comment" ADD CONSTRAINT "order_comment_order_line_id_sale_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."sale_order_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comment" ADD CONSTRAINT "order_comment_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comment" ADD CONSTRAINT "order_comment_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comment" ADD CONSTRAINT "order_comment_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order" ADD CONSTRAINT "sale_order_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order" ADD CONSTRAINT "sale_order_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_line" ADD CONSTRAINT "sale_order_line_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_line" ADD CONSTRAINT "sale_order_line_sku_id_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."sku"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_line" ADD CONSTRAINT "sale_order_line_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_line" ADD CONSTRAINT "sale_order_line_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_member_idx" ON "address" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "address_one_default_per_member" ON "address" USING btree ("member_id") WHERE "address"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "order_comment_line_unique" ON "order_comment" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "order_comment_goods_idx" ON "order_comment" USING btree ("goods_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_comment_member_idx" ON "order_comment" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_event_order_idx" ON "order_event" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_order_no_unique" ON "sale_order" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_order_member_key_unique" ON "sale_order" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sale_order_member_created_idx" ON "sale_order" USING btree ("member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sale_order_unpaid_deadline_idx" ON "sale_order" USING btree ("pay_deadline") WHERE "sale_order"."status" = 0;--> statement-breakpoint
CREATE INDEX "sale_order_line_order_idx" ON "sale_order_line" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reference_unique" ON "payment" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_order_idx" ON "payment" USING btree ("order_id");--> statement-breakpoint
-- Order numbers: KM, the order's date in New Zealand, and a number that never repeats.
CREATE SEQUENCE "sale_order_no_seq" START 100001;
--> statement-breakpoint
-- The shipping rules the shop starts with (the published shipping page): retail $8.90, free on
-- goods of $99 or more; wholesale delivery is included (wholesale orders have a minimum).
INSERT INTO "shipping_rule" ("island", "member_kind", "fee_cents", "free_from_cents") VALUES
  ('north', 'retail', 890, 9900),
  ('south', 'retail', 890, 9900),
  ('north', 'wholesale', 0, NULL),
  ('south', 'wholesale', 0, NULL);
