-- Every server process keeps members' favourites lists in memory (modules/favourite/list-cache.ts).
-- Whatever adds or removes a favourite announces whose list changed, even a good's deletion
-- cascading to every list that held it, or a change made by hand in SQL; every process then drops
-- that member's list. A statement touching more than 100 members' lists announces '*' (all).
CREATE OR REPLACE FUNCTION favourite_goods_announce() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  members int[];
  m int;
BEGIN
  SELECT array_agg(DISTINCT member_id) INTO members FROM changed;
  IF members IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(members) > 100 THEN
    PERFORM pg_notify('favourite_goods_changed', '*');
  ELSE
    FOREACH m IN ARRAY members LOOP
      PERFORM pg_notify('favourite_goods_changed', m::text);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER favourite_goods_insert_announce
  AFTER INSERT ON favourite_goods REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION favourite_goods_announce();
--> statement-breakpoint
CREATE TRIGGER favourite_goods_update_announce
  AFTER UPDATE ON favourite_goods REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION favourite_goods_announce();
--> statement-breakpoint
CREATE TRIGGER favourite_goods_delete_announce
  AFTER DELETE ON favourite_goods REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION favourite_goods_announce();
