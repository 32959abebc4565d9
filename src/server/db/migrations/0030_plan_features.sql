ALTER TABLE "plans" ADD COLUMN "entitlements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "contact_sales" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written:
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
