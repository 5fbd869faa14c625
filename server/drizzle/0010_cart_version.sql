CREATE TABLE "cart_version" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_version" ADD CONSTRAINT "cart_version_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Carts that exist already start at version 1.
INSERT INTO "cart_version" ("member_id", "version") SELECT DISTINCT "member_id", 1 FROM "cart_line";
