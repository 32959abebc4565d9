-- Custom SQL migration file, put your code below! --
-- hand-written: every change to a row the caller-state cache holds tells each instance's listener
-- the organisation to forget (docs/decisions/066). PostgreSQL sends a notification when the
-- transaction commits, never for one rolled back, and once per organisation per transaction. Each
-- organisation changed is also added to the transaction-local setting tokenwise.caller_state_orgs,
-- which the writing instance reads with its commit (src/server/db/committed-changes.ts).
CREATE OR REPLACE FUNCTION tokenwise_caller_state_changed(org text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed text := coalesce(current_setting('tokenwise.caller_state_orgs', true), '');
BEGIN
  PERFORM pg_notify('tokenwise_caller_state', org);
  -- The writer's own instance reads this list with its commit and forgets at once (read-your-writes).
  IF strpos(changed || ' ', ' ' || org || ' ') = 0 THEN
    PERFORM set_config('tokenwise.caller_state_orgs', changed || ' ' || org, true);
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tokenwise_notify_caller_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM tokenwise_caller_state_changed(OLD.org_id::text);
  ELSE
    PERFORM tokenwise_caller_state_changed(NEW.org_id::text);
    IF TG_OP = 'UPDATE' AND OLD.org_id IS DISTINCT FROM NEW.org_id THEN
      PERFORM tokenwise_caller_state_changed(OLD.org_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organisation_settings_caller_state AFTER INSERT OR UPDATE OR DELETE ON organisation_settings
  FOR EACH ROW EXECUTE FUNCTION tokenwise_notify_caller_state();
--> statement-breakpoint
CREATE TRIGGER roles_caller_state AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION tokenwise_notify_caller_state();
--> statement-breakpoint
CREATE TRIGGER role_permissions_caller_state AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION tokenwise_notify_caller_state();
--> statement-breakpoint
CREATE TRIGGER users_caller_state AFTER INSERT OR DELETE OR UPDATE OF org_id, role_id, status, username, email, totp_enabled ON users
  FOR EACH ROW EXECUTE FUNCTION tokenwise_notify_caller_state();
--> statement-breakpoint
CREATE TRIGGER api_keys_caller_state AFTER INSERT OR DELETE OR UPDATE OF org_id, user_id, kind, name, prefix, secret_hash, expires_at, revoked_at, monthly_budget_microdollars, cache_enabled ON api_keys
  FOR EACH ROW EXECUTE FUNCTION tokenwise_notify_caller_state();
--> statement-breakpoint
CREATE TRIGGER routing_policies_caller_state AFTER INSERT OR UPDATE OR DELETE ON routing_policies
  FOR EACH ROW EXECUTE FUNCTION tokenwise_notify_caller_state();
--> statement-breakpoint
CREATE TRIGGER routing_calibration_offsets_caller_state AFTER INSERT OR UPDATE OR DELETE ON routing_calibration_offsets
  FOR EACH ROW EXECUTE FUNCTION tokenwise_notify_caller_state();
--> statement-breakpoint
CREATE TRIGGER subscriptions_caller_state AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION tokenwise_notify_caller_state();
--> statement-breakpoint
CREATE TRIGGER organisation_provider_keys_caller_state AFTER INSERT OR UPDATE OR DELETE ON organisation_provider_keys
  FOR EACH ROW EXECUTE FUNCTION tokenwise_notify_caller_state();
