CREATE TABLE "category" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"level" smallint NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"picture_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	CONSTRAINT "category_key_unique" UNIQUE("key"),
	CONSTRAINT "category_level_check" CHECK ("category"."level" between 1 and 3),
	CONSTRAINT "category_parent_check" CHECK (("category"."level" = 1) = ("category"."parent_id" is null)),
	CONSTRAINT "category_key_check" CHECK ("category"."key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pictures" text[] DEFAULT '{}'::text[] NOT NULL,
	"option_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"retail_cents" integer NOT NULL,
	"wholesale_cents" integer NOT NULL,
	"club_cents" integer NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"top_category_id" integer,
	"sub_category_id" integer,
	"name_norm" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector",
	CONSTRAINT "goods_sales_check" CHECK ("goods"."sales" >= 0),
	CONSTRAINT "goods_price_check" CHECK ("goods"."wholesale_cents" >= 0 and "goods"."club_cents" >= 0 and "goods"."retail_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotion" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_price_check" CHECK ("promotion"."price_cents" > 0),
	CONSTRAINT "promotion_window_check" CHECK ("promotion"."starts_at" < "promotion"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "recommend_block" (
	"id" serial PRIMARY KEY NOT NULL,
	"placement" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommend_goods" (
	"block_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recommend_goods_block_id_goods_id_pk" PRIMARY KEY("block_id","goods_id")
);
--> statement-breakpoint
CREATE TABLE "sku" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"retail_price_cents" integer NOT NULL,
	"wholesale_price_cents" integer NOT NULL,
	"club_price_cents" integer NOT NULL,
	"max_count" integer,
	"picture_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sku_retail_check" CHECK ("sku"."retail_price_cents" > 0),
	CONSTRAINT "sku_member_price_check" CHECK ("sku"."wholesale_price_cents" between 0 and "sku"."retail_price_cents" and "sku"."club_price_cents" between 0 and "sku"."retail_price_cents"),
	CONSTRAINT "sku_max_count_check" CHECK ("sku"."max_count" is null or "sku"."max_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"sku_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_sku_id_org_id_pk" PRIMARY KEY("sku_id","org_id"),
	CONSTRAINT "stock_quantity_check" CHECK ("stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hot_keyword" (
	"keyword" text PRIMARY KEY NOT NULL,
	"search_count" integer DEFAULT 0 NOT NULL,
	"result_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hot_keyword_count_check" CHECK ("hot_keyword"."search_count" >= 0 and "hot_keyword"."result_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "suggest_term" (
	"norm" text PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_parent_id_category_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_sku_id_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."sku"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommend_goods" ADD CONSTRAINT "recommend_goods_block_id_recommend_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."recommend_block"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommend_goods" ADD CONSTRAINT "recommend_goods_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku" ADD CONSTRAINT "sku_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_sku_id_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."sku"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_parent_sort_idx" ON "category" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "category_name_trgm_idx" ON "category" USING gin (mall_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_search_idx" ON "goods" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "goods_name_trgm_idx" ON "goods" USING gin ("name_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_category_idx" ON "goods" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "goods_sub_category_idx" ON "goods" USING btree ("sub_category_id");--> statement-breakpoint
CREATE INDEX "goods_top_category_idx" ON "goods" USING btree ("top_category_id");--> statement-breakpoint
CREATE INDEX "goods_supplier_idx" ON "goods" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "goods_sales_idx" ON "goods" USING btree ("sales" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "goods_created_idx" ON "goods" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "goods_retail_idx" ON "goods" USING btree ("retail_cents","id");--> statement-breakpoint
CREATE INDEX "promotion_sku_idx" ON "promotion" USING btree ("sku_id","starts_at");--> statement-breakpoint
CREATE INDEX "promotion_goods_idx" ON "promotion" USING btree ("goods_id","starts_at");--> statement-breakpoint
CREATE INDEX "promotion_ends_idx" ON "promotion" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "recommend_block_placement_idx" ON "recommend_block" USING btree ("placement","sort");--> statement-breakpoint
CREATE INDEX "recommend_goods_sort_idx" ON "recommend_goods" USING btree ("block_id","sort");--> statement-breakpoint
CREATE INDEX "sku_goods_idx" ON "sku" USING btree ("goods_id","sort");--> statement-breakpoint
CREATE INDEX "hot_keyword_count_idx" ON "hot_keyword" USING btree ("search_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hot_keyword_trgm_idx" ON "hot_keyword" USING gin (mall_unaccent("keyword") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suggest_term_prefix_idx" ON "suggest_term" USING btree ("norm" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "suggest_term_trgm_idx" ON "suggest_term" USING gin ("norm" gin_trgm_ops);