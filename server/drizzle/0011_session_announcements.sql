-- Every server process keeps live sessions in memory (modules/auth/session-cache.ts). Whatever
-- ends a session or changes what a session carries (kind, club membership) announces it here, even
-- a change made by hand in SQL, and every process drops what it held.
CREATE OR REPLACE FUNCTION member_session_announce() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'member_session' THEN
    PERFORM pg_notify('member_session_changed', 's:' || NEW.id);
  ELSE
    PERFORM pg_notify('member_session_changed', 'm:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_session_revoked_announce
  AFTER UPDATE OF revoked_at ON member_session
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
  EXECUTE FUNCTION member_session_announce();
--> statement-breakpoint
CREATE TRIGGER member_tier_announce
  AFTER UPDATE OF kind, vip, vip_until ON member
  FOR EACH ROW WHEN (NEW.kind IS DISTINCT FROM OLD.kind OR NEW.vip IS DISTINCT FROM OLD.vip
                     OR NEW.vip_until IS DISTINCT FROM OLD.vip_until)
  EXECUTE FUNCTION member_session_announce();
