ALTER TABLE "subscription_charges" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_payment_id_wallet_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."wallet_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written:
-- Charges paid through Stripe before this migration name their payment through its intent.
UPDATE "subscription_charges" c SET "payment_id" = p."id" FROM "wallet_payments" p
  WHERE c."payment_id" IS NULL AND c."processor_payment_id" IS NOT NULL
    AND p."org_id" = c."org_id" AND p."processor_payment_id" = c."processor_payment_id";
