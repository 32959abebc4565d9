ALTER TABLE "plans" ADD COLUMN "entitlements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "contact_sales" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_payment_id_wallet_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."wallet_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written:
-- Charges paid through Stripe before this migration name their payment through its intent.
UPDATE "subscription_charges" c SET "payment_id" = p."id" FROM "wallet_payments" p
  WHERE c."payment_id" IS NULL AND c."processor_payment_id" IS NOT NULL
    AND p."org_id" = c."org_id" AND p."processor_payment_id" = c."processor_payment_id";
--> statement-breakpoint
-- Today's plans as the pricing page lists them (docs/decisions/041): Business and Enterprise include
-- the custom routing policy, two-factor enforcement, audit logging and CSV exports, as features the
-- server enforces; their lines are now drawn from those features, so the seeded lines naming them
-- leave `features` (an operator's own lines stay). Enterprise is arranged with sales.
UPDATE "plans" SET "entitlements" = '["custom_routing", "require_2fa", "audit_log", "csv_exports"]'::jsonb
  WHERE "id" IN ('business', 'enterprise') AND "entitlements" = '[]'::jsonb;--> statement-breakpoint
UPDATE "plans" SET "features" = "features" - 'Custom routing policy and reference model'
  - 'Two-factor enforcement and audit logging' - 'CSV exports of cost savings'
  WHERE "id" IN ('business', 'enterprise');--> statement-breakpoint
UPDATE "plans" SET "contact_sales" = true WHERE "id" = 'enterprise';
