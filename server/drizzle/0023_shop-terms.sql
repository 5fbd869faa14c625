CREATE TABLE "shop_terms" (
	"key" text PRIMARY KEY NOT NULL,
	"sections" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_terms_key_check" CHECK ("shop_terms"."key" in ('standard', 'wholesale'))
);
