-- Goods cards held in memory (server/src/modules/catalogue/card-rows.ts, issue 23) stay until what
-- they show changes. A card shows its SKUs (prices, options, pictures) and their stock, so every
-- write of a SKU now writes its good again (0036 did it only for codes), and every write of a
-- stock row stamps that row with its transaction id as goods rows are stamped; each look of the
-- goods index reads the stock rows stamped since its previous look and lets those goods' cards go.
-- Stamping the stock row, not its good, keeps an order's stock update to the one narrow row.
ALTER TABLE "stock" ADD COLUMN "search_xid" xid8 DEFAULT pg_current_xact_id() NOT NULL;
--> statement-breakpoint
CREATE INDEX "stock_search_xid_idx" ON "stock" USING btree ("search_xid");
--> statement-breakpoint
CREATE TRIGGER stock_search_xid_mark
  BEFORE UPDATE ON stock
  FOR EACH ROW EXECUTE FUNCTION goods_search_xid_mark();
--> statement-breakpoint
DROP TRIGGER sku_goods_search_touch ON sku;
--> statement-breakpoint
CREATE TRIGGER sku_goods_search_touch
  AFTER INSERT OR DELETE OR UPDATE ON sku
  FOR EACH ROW EXECUTE FUNCTION goods_search_touch();
