-- The shop's in-process search index (server/src/modules/search/goods-index-sync.ts, issue 23)
-- reads from time to time what changed since it last looked. Each goods row carries the id of the
-- transaction that last wrote it (search_xid); a look reads the rows whose transaction id is at
-- or above the oldest transaction still running at its previous look (pg_snapshot_xmin), so a
-- transaction that commits late is still seen, whatever order the commits come in.
-- A SKU's codes and a promotion are part of a good's entry: changing them writes the good again.
-- Goods are never deleted by the shop (they are disabled); a delete by hand bumps
-- goods_search_deletions, and the index then reads every good again.
ALTER TABLE "goods" ADD COLUMN "search_xid" xid8 DEFAULT pg_current_xact_id() NOT NULL;
--> statement-breakpoint
CREATE INDEX "goods_search_xid_idx" ON "goods" USING btree ("search_xid");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION goods_search_xid_mark() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER goods_search_xid_mark
  BEFORE UPDATE ON goods
  FOR EACH ROW EXECUTE FUNCTION goods_search_xid_mark();
--> statement-breakpoint
-- A SKU or promotion row written (or deleted) writes its good again, so the index reads it.
CREATE OR REPLACE FUNCTION goods_search_touch() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE goods SET search_xid = pg_current_xact_id() WHERE id = OLD.goods_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.goods_id <> OLD.goods_id) THEN
    UPDATE goods SET search_xid = pg_current_xact_id() WHERE id = NEW.goods_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sku_goods_search_touch
  AFTER INSERT OR DELETE OR UPDATE OF goods_id, code, gtin ON sku
  FOR EACH ROW EXECUTE FUNCTION goods_search_touch();
--> statement-breakpoint
CREATE TRIGGER promotion_goods_search_touch
  AFTER INSERT OR DELETE OR UPDATE ON promotion
  FOR EACH ROW EXECUTE FUNCTION goods_search_touch();
--> statement-breakpoint
CREATE TABLE "goods_search_deletions" ("n" bigint NOT NULL);
--> statement-breakpoint
INSERT INTO "goods_search_deletions" VALUES (0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION goods_search_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE goods_search_deletions SET n = n + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER goods_search_deleted
  AFTER DELETE ON goods
  FOR EACH STATEMENT EXECUTE FUNCTION goods_search_deleted();
