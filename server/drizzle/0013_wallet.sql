CREATE TABLE "club_membership" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"months" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_membership_paid_check" CHECK (("club_membership"."paid_at" is null) = ("club_membership"."starts_at" is null) and ("club_membership"."paid_at" is null) = ("club_membership"."ends_at" is null)),
	CONSTRAINT "club_membership_window_check" CHECK ("club_membership"."ends_at" > "club_membership"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "club_plan" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"months" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "club_plan_months_check" CHECK ("club_plan"."months" between 1 and 60),
	CONSTRAINT "club_plan_price_check" CHECK ("club_plan"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_refund" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"to" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"card_no_last4" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refund_to_check" CHECK ("order_refund"."to" in ('gateway', 'cashCard', 'points', 'pointsTakenBack')),
	CONSTRAINT "order_refund_amount_check" CHECK ("order_refund"."amount_cents" >= 0 and "order_refund"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_refund" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refund_amount_check" CHECK ("payment_refund"."amount_cents" > 0),
	CONSTRAINT "payment_refund_status_check" CHECK ("payment_refund"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "cash_card" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_no" text NOT NULL,
	"secret_hash" text NOT NULL,
	"face_cents" integer NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"member_id" integer,
	"added_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_card_no_check" CHECK ("cash_card"."card_no" ~ '^[0-9]{16}$'),
	CONSTRAINT "cash_card_face_check" CHECK ("cash_card"."face_cents" > 0),
	CONSTRAINT "cash_card_expiry_check" CHECK ("cash_card"."sold_at" < '2026-03-16T00:00:00+13:00' or "cash_card"."expires_at" >= "cash_card"."sold_at" + interval '3 years'),
	CONSTRAINT "cash_card_added_check" CHECK (("cash_card"."member_id" is null) = ("cash_card"."added_at" is null))
);
--> statement-breakpoint
CREATE TABLE "cash_card_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_card_entry_balance_check" CHECK ("cash_card_entry"."balance_after_cents" >= 0),
	CONSTRAINT "cash_card_entry_amount_check" CHECK ("cash_card_entry"."amount_cents" <> 0),
	CONSTRAINT "cash_card_entry_reason_check" CHECK ("cash_card_entry"."reason" in ('issued', 'spent', 'refund', 'cancelled', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "discount_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_discount_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"change" text NOT NULL,
	"discount_cents" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_entry_change_check" CHECK ("discount_entry"."change" in ('use', 'release')),
	CONSTRAINT "discount_entry_cents_check" CHECK ("discount_entry"."discount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_offer" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"code" text,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"min_spend_cents" integer DEFAULT 0 NOT NULL,
	"supplier_id" integer,
	"category_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"total_limit" integer,
	"given_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_offer_source_check" CHECK ("discount_offer"."source" in ('card', 'coupon')),
	CONSTRAINT "discount_offer_code_check" CHECK (("discount_offer"."source" = 'coupon') = ("discount_offer"."code" is not null)),
	CONSTRAINT "discount_offer_kind_check" CHECK (("discount_offer"."kind" = 'percent' and "discount_offer"."percent_off" between 1 and 100 and "discount_offer"."amount_off_cents" is null)
        or ("discount_offer"."kind" = 'amount' and "discount_offer"."amount_off_cents" > 0 and "discount_offer"."percent_off" is null)),
	CONSTRAINT "discount_offer_min_spend_check" CHECK ("discount_offer"."min_spend_cents" >= 0),
	CONSTRAINT "discount_offer_window_check" CHECK ("discount_offer"."ends_at" > "discount_offer"."starts_at"),
	CONSTRAINT "discount_offer_limit_check" CHECK ("discount_offer"."given_count" >= 0 and ("discount_offer"."total_limit" is null or "discount_offer"."given_count" <= "discount_offer"."total_limit"))
);
--> statement-breakpoint
CREATE TABLE "member_discount" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"source" text NOT NULL,
	"order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_entry_balance_check" CHECK ("point_entry"."balance_after" >= 0),
	CONSTRAINT "point_entry_points_check" CHECK ("point_entry"."points" <> 0)
);
--> statement-breakpoint
CREATE TABLE "points_account" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_order" DROP CONSTRAINT "sale_order_amounts_check";--> statement-breakpoint
ALTER TABLE "sale_order" ADD COLUMN "kind" text DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "sale_order" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order" ADD COLUMN "points_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order" ADD COLUMN "points_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order" ADD COLUMN "card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order" ADD COLUMN "points_earned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order_line" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order_line" ADD COLUMN "points_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "club_membership" ADD CONSTRAINT "club_membership_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_membership" ADD CONSTRAINT "club_membership_plan_id_club_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."club_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_membership" ADD CONSTRAINT "club_membership_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund" ADD CONSTRAINT "order_refund_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_card" ADD CONSTRAINT "cash_card_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_card_entry" ADD CONSTRAINT "cash_card_entry_card_id_cash_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cash_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_card_entry" ADD CONSTRAINT "cash_card_entry_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_entry" ADD CONSTRAINT "discount_entry_member_discount_id_member_discount_id_fk" FOREIGN KEY ("member_discount_id") REFERENCES "public"."member_discount"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_entry" ADD CONSTRAINT "discount_entry_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_offer" ADD CONSTRAINT "discount_offer_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_offer" ADD CONSTRAINT "discount_offer_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_discount" ADD CONSTRAINT "member_discount_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_discount" ADD CONSTRAINT "member_discount_offer_id_discount_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."discount_offer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_discount" ADD CONSTRAINT "member_discount_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entry" ADD CONSTRAINT "point_entry_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entry" ADD CONSTRAINT "point_entry_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_account" ADD CONSTRAINT "points_account_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "club_membership_order_unique" ON "club_membership" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "club_membership_member_idx" ON "club_membership" USING btree ("member_id","ends_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_refund_order_idx" ON "order_refund" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refund_reference_unique" ON "payment_refund" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_refund_payment_idx" ON "payment_refund" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_card_no_unique" ON "cash_card" USING btree ("card_no");--> statement-breakpoint
CREATE INDEX "cash_card_member_idx" ON "cash_card" USING btree ("member_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_card_entry_seq_unique" ON "cash_card_entry" USING btree ("card_id","seq");--> statement-breakpoint
CREATE INDEX "cash_card_entry_order_idx" ON "cash_card_entry" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "discount_entry_discount_idx" ON "discount_entry" USING btree ("member_discount_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_offer_code_unique" ON "discount_offer" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "member_discount_coupon_unique" ON "member_discount" USING btree ("member_id","offer_id") WHERE "member_discount"."source" = 'coupon';--> statement-breakpoint
CREATE INDEX "member_discount_member_idx" ON "member_discount" USING btree ("member_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "member_discount_order_unique" ON "member_discount" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_entry_seq_unique" ON "point_entry" USING btree ("member_id","seq");--> statement-breakpoint
CREATE INDEX "point_entry_order_idx" ON "point_entry" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "sale_order" ADD CONSTRAINT "sale_order_kind_check" CHECK ("sale_order"."kind" in ('goods', 'club'));--> statement-breakpoint
ALTER TABLE "sale_order" ADD CONSTRAINT "sale_order_amounts_check" CHECK ("sale_order"."goods_cents" >= 0 and "sale_order"."shipping_cents" >= 0 and "sale_order"."discount_cents" >= 0 and "sale_order"."points_cents" >= 0
        and "sale_order"."total_cents" = "sale_order"."goods_cents" - "sale_order"."discount_cents" - "sale_order"."points_cents" + "sale_order"."shipping_cents"
        and "sale_order"."total_cents" >= 0 and "sale_order"."gst_cents" >= 0
        and "sale_order"."card_cents" between 0 and "sale_order"."total_cents" and "sale_order"."points_used" >= 0 and "sale_order"."points_earned" >= 0);--> statement-breakpoint
ALTER TABLE "sale_order_line" ADD CONSTRAINT "sale_order_line_share_check" CHECK ("sale_order_line"."discount_cents" >= 0 and "sale_order_line"."points_cents" >= 0 and "sale_order_line"."discount_cents" + "sale_order_line"."points_cents" <= "sale_order_line"."amount_cents");