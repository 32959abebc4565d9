-- Custom SQL migration file, put your code below! --
-- hand-written: a wallet posting that is not a call's debit (a top-up, a plan paid from the wallet,
-- an adjustment) tells every instance the organisation to forget (docs/decisions/066, 073): the
-- room its wallet leases hold was claimed against the balance before, so the next call claims again.
-- Debits of calls are left out: the leases that held them already count them.
CREATE TRIGGER wallet_ledger_caller_state AFTER INSERT ON wallet_ledger
  FOR EACH ROW WHEN (NEW.usage_record_id IS NULL) EXECUTE FUNCTION tokenwise_notify_caller_state();
