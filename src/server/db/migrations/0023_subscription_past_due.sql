DROP INDEX "subscriptions_one_active";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "past_due_charge_key" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "past_due_reason" text;--> statement-breakpoint
CREATE INDEX "subscriptions_retry_due_idx" ON "subscriptions" USING btree ("next_retry_at") WHERE "subscriptions"."status" = 'past_due';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_active" ON "subscriptions" USING btree ("org_id") WHERE "subscriptions"."status" in ('active', 'past_due');