ALTER TABLE "wallet_payments" ADD COLUMN "purpose" text DEFAULT 'top_up' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_payments" ADD COLUMN "plan_order" jsonb;--> statement-breakpoint
ALTER TABLE "wallet_payments" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "wallet_payments" ADD COLUMN "checkout_url" text;