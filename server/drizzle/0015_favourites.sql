CREATE TABLE "favourite_goods" (
	"member_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"collected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_goods_pkey" PRIMARY KEY("member_id","goods_id")
);
--> statement-breakpoint
ALTER TABLE "favourite_goods" ADD CONSTRAINT "favourite_goods_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_goods" ADD CONSTRAINT "favourite_goods_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourite_goods_member_newest_idx" ON "favourite_goods" USING btree ("member_id","collected_at" DESC NULLS LAST,"goods_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favourite_goods_goods_idx" ON "favourite_goods" USING btree ("goods_id");