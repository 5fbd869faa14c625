CREATE TABLE "goods_admin_row" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_norm" text NOT NULL,
	"enabled" boolean NOT NULL,
	"supplier_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"sub_category_id" integer,
	"top_category_id" integer
);
--> statement-breakpoint
CREATE TABLE "stock_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sku_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" integer NOT NULL,
	"after" integer NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "stock_history_units_check" CHECK ("stock_history"."before" >= 0 and "stock_history"."after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_admin_row" ADD CONSTRAINT "goods_admin_row_id_goods_id_fk" FOREIGN KEY ("id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_history" ADD CONSTRAINT "stock_history_sku_id_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."sku"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_history" ADD CONSTRAINT "stock_history_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_admin_row_name_idx" ON "goods_admin_row" USING gin ("name_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_admin_row_supplier_idx" ON "goods_admin_row" USING btree ("supplier_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_admin_row_category_idx" ON "goods_admin_row" USING btree ("category_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_admin_row_sub_idx" ON "goods_admin_row" USING btree ("sub_category_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_admin_row_top_idx" ON "goods_admin_row" USING btree ("top_category_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_history_sku_idx" ON "stock_history" USING btree ("sku_id","id" DESC NULLS LAST);--> statement-breakpoint
-- The back office's goods list reads goods_admin_row: one narrow row per good, kept in step here.
CREATE FUNCTION "goods_admin_row_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO goods_admin_row (id, name_norm, enabled, supplier_id, category_id, sub_category_id, top_category_id)
  VALUES (NEW.id, NEW.name_norm, NEW.enabled, NEW.supplier_id, NEW.category_id, NEW.sub_category_id, NEW.top_category_id)
  ON CONFLICT (id) DO UPDATE SET name_norm = excluded.name_norm, enabled = excluded.enabled,
    supplier_id = excluded.supplier_id, category_id = excluded.category_id,
    sub_category_id = excluded.sub_category_id, top_category_id = excluded.top_category_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "goods_admin_row_refresh" AFTER INSERT OR UPDATE OF name, enabled, supplier_id, category_id ON "goods"
  FOR EACH ROW EXECUTE FUNCTION "goods_admin_row_refresh"();--> statement-breakpoint
INSERT INTO goods_admin_row (id, name_norm, enabled, supplier_id, category_id, sub_category_id, top_category_id)
  SELECT id, name_norm, enabled, supplier_id, category_id, sub_category_id, top_category_id FROM goods;--> statement-breakpoint
-- The stock history is only ever added to (a SKU's rows go with the SKU).
CREATE FUNCTION "stock_history_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the stock history cannot be changed';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stock_history_append_only" BEFORE UPDATE OR TRUNCATE ON "stock_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_history_refuse_change"();
