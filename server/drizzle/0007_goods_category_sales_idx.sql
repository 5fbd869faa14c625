DROP INDEX "goods_category_idx";--> statement-breakpoint
DROP INDEX "goods_sub_category_idx";--> statement-breakpoint
DROP INDEX "goods_top_category_idx";--> statement-breakpoint
CREATE INDEX "goods_category_sales_idx" ON "goods" USING btree ("category_id","sales" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "goods_sub_category_sales_idx" ON "goods" USING btree ("sub_category_id","sales" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "goods_top_category_sales_idx" ON "goods" USING btree ("top_category_id","sales" DESC NULLS LAST,"id");