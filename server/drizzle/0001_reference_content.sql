CREATE TABLE "banner" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_position_check" CHECK ("banner"."position" in ('top', 'slide', 'advert', 'promo')),
	CONSTRAINT "banner_window_check" CHECK ("banner"."starts_at" is null or "banner"."ends_at" is null or "banner"."starts_at" < "banner"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "introduce" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "introduce_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "introduce_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"placement" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "introduce_group_placement_check" CHECK ("introduce_group"."placement" in ('app', 'main'))
);
--> statement-breakpoint
CREATE TABLE "mall_site" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"placement" text NOT NULL,
	"parent_id" integer,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "site_link_key_unique" UNIQUE("key"),
	CONSTRAINT "site_link_placement_check" CHECK ("site_link"."placement" in ('up', 'down'))
);
--> statement-breakpoint
CREATE TABLE "code_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"group_code" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "code_item_list_code_unique" UNIQUE("list_id","code")
);
--> statement-breakpoint
CREATE TABLE "code_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "code_list_code_unique" UNIQUE("code"),
	CONSTRAINT "code_list_kind_check" CHECK ("code_list"."kind" in ('dict', 'enum'))
);
--> statement-breakpoint
CREATE TABLE "organisation" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"region" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"open_hours" text NOT NULL,
	"nz_stock" boolean DEFAULT false NOT NULL,
	"online_store" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "organisation_code_unique" UNIQUE("code"),
	CONSTRAINT "organisation_kind_check" CHECK ("organisation"."kind" in ('warehouse', 'store'))
);
--> statement-breakpoint
CREATE TABLE "supplier" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"self" boolean DEFAULT false NOT NULL,
	"website_url" text,
	"logo_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "supplier_code_unique" UNIQUE("code"),
	CONSTRAINT "supplier_code_check" CHECK ("supplier"."code" <> '0')
);
--> statement-breakpoint
ALTER TABLE "introduce" ADD CONSTRAINT "introduce_group_id_introduce_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."introduce_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_link" ADD CONSTRAINT "site_link_parent_id_site_link_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."site_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_item" ADD CONSTRAINT "code_item_list_id_code_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."code_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_position_sort_idx" ON "banner" USING btree ("position","sort");--> statement-breakpoint
CREATE INDEX "introduce_group_sort_idx" ON "introduce" USING btree ("group_id","sort");--> statement-breakpoint
CREATE INDEX "site_link_placement_sort_idx" ON "site_link" USING btree ("placement","sort");--> statement-breakpoint
CREATE INDEX "site_link_parent_idx" ON "site_link" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "code_item_list_sort_idx" ON "code_item" USING btree ("list_id","sort");--> statement-breakpoint
CREATE INDEX "code_list_kind_sort_idx" ON "code_list" USING btree ("kind","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_nz_stock_unique" ON "organisation" USING btree ("nz_stock") WHERE nz_stock;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_self_unique" ON "supplier" USING btree ("self") WHERE self;