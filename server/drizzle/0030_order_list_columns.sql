ALTER TABLE "sale_order" ADD COLUMN "item_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order" ADD COLUMN "supplier_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The orders placed before: their units and suppliers' names as place-order.ts now writes them.
UPDATE sale_order o SET item_count = t.items, supplier_names = t.names
  FROM (
    SELECT l.order_id, sum(l.count)::int AS items, n.names
    FROM sale_order_line l
    JOIN (
      SELECT order_id, string_agg(name, ', ' ORDER BY name) AS names
      FROM (SELECT DISTINCT order_id, supplier_name COLLATE "C" AS name FROM sale_order_line) d
      GROUP BY order_id
    ) n ON n.order_id = l.order_id
    GROUP BY l.order_id, n.names
  ) t
  WHERE t.order_id = o.id;
