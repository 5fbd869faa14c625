CREATE TABLE "goods_count" (
	"category_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "goods_count_category_id_supplier_id_pk" PRIMARY KEY("category_id","supplier_id"),
	CONSTRAINT "goods_count_n_check" CHECK ("goods_count"."n" >= 0)
);
--> statement-breakpoint
ALTER TABLE "goods_count" ADD CONSTRAINT "goods_count_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_count" ADD CONSTRAINT "goods_count_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;