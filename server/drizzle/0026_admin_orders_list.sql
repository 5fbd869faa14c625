ALTER TABLE "sale_order" ADD COLUMN "carrier" text;--> statement-breakpoint
CREATE INDEX "sale_order_status_created_idx" ON "sale_order" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("total_cents","member_id");--> statement-breakpoint
CREATE INDEX "sale_order_created_idx" ON "sale_order" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("status","total_cents","member_id");--> statement-breakpoint
CREATE INDEX "sale_order_total_idx" ON "sale_order" USING btree ("total_cents");--> statement-breakpoint
CREATE INDEX "sale_order_line_supplier_idx" ON "sale_order_line" USING btree ("supplier_id","order_id");