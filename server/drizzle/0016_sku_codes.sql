CREATE SEQUENCE "public"."sku_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "sku" ADD COLUMN "code" text DEFAULT ('KM-' || lpad(nextval('sku_code_seq')::text, 6, '0')) NOT NULL;--> statement-breakpoint
ALTER TABLE "sku" ADD COLUMN "gtin" text;--> statement-breakpoint
-- Existing SKUs get the catalogue's own codes: the good's number and the SKU's place among its options (catalogue/generator.ts skuCodeOf).
UPDATE "sku" SET "code" = n."code" FROM (SELECT "id", 'KM' || lpad("goods_id"::text, 6, '0') || '-' || row_number() OVER (PARTITION BY "goods_id" ORDER BY "sort", "id") AS "code" FROM "sku") n WHERE n."id" = "sku"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "sku_gtin_idx" ON "sku" USING btree ("gtin");--> statement-breakpoint
ALTER TABLE "sku" ADD CONSTRAINT "sku_code_unique" UNIQUE("code");--> statement-breakpoint
ALTER TABLE "sku" ADD CONSTRAINT "sku_code_check" CHECK ("sku"."code" ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' and length("sku"."code") <= 40);--> statement-breakpoint
ALTER TABLE "sku" ADD CONSTRAINT "sku_gtin_check" CHECK ("sku"."gtin" ~ '^([0-9]{8}|[0-9]{12,14})$');