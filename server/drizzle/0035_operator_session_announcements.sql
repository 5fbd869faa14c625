-- Every server process keeps operators' live logins in memory (modules/admin/sessions.ts).
-- Whatever ends a login, or changes what a login carries (the operator's name, role, two-factor,
-- or disabling them), announces it here, even a change made by hand in SQL (a login deleted
-- too); every process drops what it held. 's:' names one login by its token's hash, 'o:' every
-- login of an operator.
CREATE OR REPLACE FUNCTION operator_session_announce() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'operator_session' AND TG_OP = 'DELETE' THEN
    PERFORM pg_notify('operator_session_changed', 's:' || OLD.token_hash);
  ELSIF TG_TABLE_NAME = 'operator_session' THEN
    PERFORM pg_notify('operator_session_changed', 's:' || NEW.token_hash);
  ELSE
    PERFORM pg_notify('operator_session_changed', 'o:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER operator_session_revoked_announce
  AFTER UPDATE OF revoked_at, expires_at ON operator_session
  FOR EACH ROW WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at IS DISTINCT FROM OLD.expires_at)
  EXECUTE FUNCTION operator_session_announce();
--> statement-breakpoint
CREATE TRIGGER operator_session_deleted_announce
  AFTER DELETE ON operator_session
  FOR EACH ROW EXECUTE FUNCTION operator_session_announce();
--> statement-breakpoint
CREATE TRIGGER operator_login_announce
  AFTER UPDATE OF name, role, disabled, totp_secret ON operator
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name OR NEW.role IS DISTINCT FROM OLD.role
                     OR NEW.disabled IS DISTINCT FROM OLD.disabled
                     OR NEW.totp_secret IS DISTINCT FROM OLD.totp_secret)
  EXECUTE FUNCTION operator_session_announce();
