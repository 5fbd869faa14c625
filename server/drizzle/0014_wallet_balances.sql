ALTER TABLE "cash_card" ADD COLUMN "balance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_card" ADD COLUMN "entry_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_account" ADD COLUMN "balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_account" ADD COLUMN "seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_card" ADD CONSTRAINT "cash_card_balance_check" CHECK ("cash_card"."balance_cents" >= 0 and "cash_card"."entry_seq" >= 0);--> statement-breakpoint
ALTER TABLE "points_account" ADD CONSTRAINT "points_account_balance_check" CHECK ("points_account"."balance" >= 0 and "points_account"."seq" >= 0);--> statement-breakpoint
-- Backfill: each account takes its ledger's last row (docs/wallet.md: a ledger and its account).
INSERT INTO "points_account" ("member_id") SELECT DISTINCT "member_id" FROM "point_entry" ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "points_account" a SET "balance" = e."balance_after", "seq" = e."seq"
  FROM (SELECT DISTINCT ON ("member_id") "member_id", "seq", "balance_after" FROM "point_entry" ORDER BY "member_id", "seq" DESC) e
  WHERE e."member_id" = a."member_id";--> statement-breakpoint
UPDATE "cash_card" c SET "balance_cents" = e."balance_after_cents", "entry_seq" = e."seq"
  FROM (SELECT DISTINCT ON ("card_id") "card_id", "seq", "balance_after_cents" FROM "cash_card_entry" ORDER BY "card_id", "seq" DESC) e
  WHERE e."card_id" = c."id";
