ALTER TABLE "hot_keyword" ADD COLUMN "pinned" integer;--> statement-breakpoint
ALTER TABLE "hot_keyword" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;