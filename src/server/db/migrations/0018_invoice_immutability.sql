-- Issued invoices never change (docs/decisions/023). An invoice that is no longer a draft may only
-- go from issued to paid (its amount paid with it); its lines are written once, when it is issued,
-- and neither the invoice nor its lines are deleted except with their organisation (the cascade
-- runs after the organisation's row is deleted, which is how it is recognised).
CREATE FUNCTION invoices_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'draft' OR NOT EXISTS (SELECT 1 FROM organisations o WHERE o.id = OLD.org_id) THEN
      RETURN OLD;
    END IF;
  ELSIF OLD.status = 'draft' THEN
    RETURN NEW;
  ELSIF OLD.status = 'issued' AND NEW.status = 'paid'
    AND (NEW.id, NEW.org_id, NEW.sequence, NEW.number, NEW.period_start, NEW.period_end, NEW.currency, NEW.total, NEW.issued_at, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.id, OLD.org_id, OLD.sequence, OLD.number, OLD.period_start, OLD.period_end, OLD.currency, OLD.total, OLD.issued_at, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'invoice % is issued: it no longer changes', OLD.id USING ERRCODE = '55000';
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_immutable_once_issued BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_refuse_change();
--> statement-breakpoint
CREATE FUNCTION invoice_lines_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.id = OLD.invoice_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'invoice lines are written once, when their invoice is issued' USING ERRCODE = '55000';
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_written_once BEFORE UPDATE OR DELETE ON invoice_lines
  FOR EACH ROW EXECUTE FUNCTION invoice_lines_refuse_change();
