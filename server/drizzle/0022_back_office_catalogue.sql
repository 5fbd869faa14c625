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
ALTER TABLE "stock_history" ADD CONSTRAINT "stock_history_sku_id_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."sku"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_history" ADD CONSTRAINT "stock_history_org_id_organisation_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_history_sku_idx" ON "stock_history" USING btree ("sku_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_admin_supplier_idx" ON "goods" USING btree ("supplier_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_admin_category_idx" ON "goods" USING btree ("category_id","id" DESC NULLS LAST);--> statement-breakpoint
-- The stock history is only ever added to (a SKU's rows go with the SKU).
CREATE FUNCTION "stock_history_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the stock history cannot be changed';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stock_history_append_only" BEFORE UPDATE OR TRUNCATE ON "stock_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_history_refuse_change"();
