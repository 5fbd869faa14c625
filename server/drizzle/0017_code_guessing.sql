ALTER TABLE "verification_code" ADD COLUMN "wrong_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_code" ADD COLUMN "wrong_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_code" ADD COLUMN "locked_until" timestamp with time zone;