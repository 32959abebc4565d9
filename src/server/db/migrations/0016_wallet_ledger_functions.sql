-- The prepaid wallet's rules kept by the database (docs/decisions/022): one function posts every
-- credit and debit (the ledger row and the cached balance together, under the wallet row's lock,
-- with the auto-reload crossing marker); the ledger refuses updates and deletes; a usage record
-- paid with the instance's keys debits its cost in the transaction that stops it streaming and
-- gives back what its call held against the wallet; existing organisations get their wallet and
-- the trial credit (5 USD, TRIAL_CREDIT_USD's default).

-- Posts `amount` (positive: credit, negative: debit) to the organisation's wallet, creating the
-- wallet when it has none, and answers the ledger row. The upsert takes the wallet row's lock, so
-- postings of one organisation are applied one after another and `balance_after` is exact.
-- A debit that takes the balance below the auto-reload threshold, while auto-reload is on and no
-- reload is marked, marks one and asks for it; a credit that lifts the balance to the threshold
-- clears the mark, so the next crossing asks again.
CREATE FUNCTION wallet_post(target_org uuid, amount numeric, description text, usage_record uuid, payment uuid, auto_reload boolean)
RETURNS wallet_ledger LANGUAGE plpgsql AS $$
DECLARE
  wallet wallets;
  entry wallet_ledger;
BEGIN
  IF amount IS NULL OR amount = 0 THEN
    RAISE EXCEPTION 'a wallet posting needs an amount other than zero';
  END IF;
  INSERT INTO wallets AS current (org_id, balance) VALUES (target_org, amount)
  ON CONFLICT (org_id) DO UPDATE SET balance = current.balance + excluded.balance, updated_at = now()
  RETURNING * INTO wallet;
  -- clock_timestamp(): postings are serialised by the lock, so their times follow the balance's order.
  INSERT INTO wallet_ledger (org_id, type, amount, balance_after, description, is_auto_reload, usage_record_id, payment_id, created_at)
  VALUES (target_org, CASE WHEN amount > 0 THEN 'credit' ELSE 'debit' END, abs(amount), wallet.balance, description,
    auto_reload, usage_record, payment, clock_timestamp())
  RETURNING * INTO entry;
  IF amount > 0 AND wallet.auto_reload_marked_at IS NOT NULL AND wallet.balance >= wallet.auto_reload_threshold THEN
    UPDATE wallets SET auto_reload_marked_at = NULL WHERE org_id = target_org;
  ELSIF amount < 0 AND wallet.auto_reload_enabled AND wallet.auto_reload_marked_at IS NULL
    AND wallet.balance < wallet.auto_reload_threshold AND wallet.auto_reload_amount > 0 THEN
    UPDATE wallets SET auto_reload_marked_at = clock_timestamp() WHERE org_id = target_org;
    INSERT INTO wallet_auto_reloads (org_id, amount) VALUES (target_org, wallet.auto_reload_amount) ON CONFLICT DO NOTHING;
  END IF;
  RETURN entry;
END
$$;
--> statement-breakpoint
-- The ledger is append-only. Its rows go only with their organisation (the cascade runs after the
-- organisation's row is deleted, which is how it is recognised).
CREATE FUNCTION wallet_ledger_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organisations o WHERE o.id = OLD.org_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'wallet_ledger is append-only: its rows are never updated or deleted' USING ERRCODE = '55000';
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_ledger_append_only BEFORE UPDATE OR DELETE ON wallet_ledger
  FOR EACH ROW EXECUTE FUNCTION wallet_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER wallet_ledger_no_truncate BEFORE TRUNCATE ON wallet_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_ledger_refuse_change();
--> statement-breakpoint
-- A record paid from the wallet is debited once it stops streaming (its final write, the usage kept
-- on its own, or recovery marking it interrupted), in that write's transaction; a later change of
-- its cost posts the difference. As it stops streaming, what its call held against the wallet is
-- deleted in the same transaction, so the two never count together.
CREATE FUNCTION usage_records_debit_wallet() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  due numeric := CASE WHEN NEW.billed_to_wallet AND NEW.outcome <> 'streaming' THEN NEW.cost_usd ELSE 0 END;
  was numeric := 0;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    was := CASE WHEN OLD.billed_to_wallet AND OLD.outcome <> 'streaming' THEN OLD.cost_usd ELSE 0 END;
  END IF;
  IF NEW.outcome <> 'streaming' AND (TG_OP = 'INSERT' OR OLD.outcome = 'streaming') THEN
    DELETE FROM wallet_reservations WHERE usage_id = NEW.id AND org_id = NEW.org_id;
  END IF;
  IF due <> was THEN
    PERFORM wallet_post(NEW.org_id, was - due, 'Usage: ' || NEW.model_id, NEW.id, NULL, false);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER usage_records_debit_wallet AFTER INSERT OR UPDATE ON usage_records
  FOR EACH ROW EXECUTE FUNCTION usage_records_debit_wallet();
--> statement-breakpoint
-- Organisations made before the wallet: a wallet each, with the trial credit new ones get.
INSERT INTO wallets (org_id) SELECT id FROM organisations ON CONFLICT (org_id) DO NOTHING;
--> statement-breakpoint
SELECT wallet_post(o.id, 5, 'Trial credit', NULL, NULL, false) FROM organisations o;
