-- Keeps goods_count (enabled goods per third-level category and supplier) in step with goods, one
-- statement at a time: each statement's old and new rows become one delta per (category, supplier).
CREATE OR REPLACE FUNCTION goods_count_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO goods_count AS gc (category_id, supplier_id, n)
      SELECT category_id, supplier_id, count(*) FROM new_rows WHERE enabled GROUP BY 1, 2
    ON CONFLICT (category_id, supplier_id) DO UPDATE SET n = gc.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE goods_count gc SET n = gc.n - d.n
      FROM (SELECT category_id, supplier_id, count(*) AS n FROM old_rows WHERE enabled GROUP BY 1, 2) d
     WHERE gc.category_id = d.category_id AND gc.supplier_id = d.supplier_id;
  ELSE
    INSERT INTO goods_count AS gc (category_id, supplier_id, n)
      SELECT category_id, supplier_id, sum(d)
        FROM (SELECT category_id, supplier_id, 1 AS d FROM new_rows WHERE enabled
              UNION ALL
              SELECT category_id, supplier_id, -1 FROM old_rows WHERE enabled) x
       GROUP BY 1, 2 HAVING sum(d) > 0
    ON CONFLICT (category_id, supplier_id) DO UPDATE SET n = gc.n + excluded.n;
    UPDATE goods_count gc SET n = gc.n + d.n
      FROM (SELECT category_id, supplier_id, sum(d) AS n
              FROM (SELECT category_id, supplier_id, 1 AS d FROM new_rows WHERE enabled
                    UNION ALL
                    SELECT category_id, supplier_id, -1 FROM old_rows WHERE enabled) x
             GROUP BY 1, 2 HAVING sum(d) < 0) d
     WHERE gc.category_id = d.category_id AND gc.supplier_id = d.supplier_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER goods_count_insert AFTER INSERT ON goods
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_count_refresh();
--> statement-breakpoint
CREATE TRIGGER goods_count_update AFTER UPDATE ON goods
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_count_refresh();
--> statement-breakpoint
CREATE TRIGGER goods_count_delete AFTER DELETE ON goods
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_count_refresh();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION goods_count_clear() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM goods_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER goods_count_truncate AFTER TRUNCATE ON goods
  FOR EACH STATEMENT EXECUTE FUNCTION goods_count_clear();
--> statement-breakpoint
INSERT INTO goods_count (category_id, supplier_id, n)
  SELECT category_id, supplier_id, count(*) FROM goods WHERE enabled GROUP BY 1, 2;
