-- Keeps the search columns of a good in step with what it says and where it sits (issue 3):
--   top_category_id, sub_category_id  the ancestors of its third-level category (subtree filters, facets)
--   name_norm                          unaccented lower-case name (trigram typo tolerance)
--   search_vector                      weighted English document: name A, category names B,
--                                      supplier name C, description text D (accents folded)
-- A category or supplier rename refreshes its goods with `update goods set category_id = category_id`.
CREATE OR REPLACE FUNCTION goods_search_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  cat_level smallint;
  cat_names text;
  sup_name text;
  sub_id integer;
  top_id integer;
BEGIN
  SELECT c3.level, c3.parent_id, c2.parent_id, concat_ws(' ', c3.name, c2.name, c1.name)
    INTO cat_level, sub_id, top_id, cat_names
    FROM category c3
    LEFT JOIN category c2 ON c2.id = c3.parent_id
    LEFT JOIN category c1 ON c1.id = c2.parent_id
   WHERE c3.id = NEW.category_id;
  IF cat_level IS DISTINCT FROM 3 THEN
    RAISE EXCEPTION 'goods % must be in a third-level category, not category %', NEW.id, NEW.category_id
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT s.name INTO sup_name FROM supplier s WHERE s.id = NEW.supplier_id;
  NEW.sub_category_id := sub_id;
  NEW.top_category_id := top_id;
  NEW.name_norm := mall_unaccent(lower(NEW.name));
  NEW.search_vector :=
    setweight(to_tsvector('english', mall_unaccent(NEW.name)), 'A') ||
    setweight(to_tsvector('english', mall_unaccent(coalesce(cat_names, ''))), 'B') ||
    setweight(to_tsvector('english', mall_unaccent(coalesce(sup_name, ''))), 'C') ||
    setweight(to_tsvector('english', mall_unaccent(
      regexp_replace(regexp_replace(NEW.description, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')
    )), 'D');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER goods_search_refresh
  BEFORE INSERT OR UPDATE OF name, description, category_id, supplier_id ON goods
  FOR EACH ROW EXECUTE FUNCTION goods_search_refresh();
