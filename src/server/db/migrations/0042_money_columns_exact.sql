ALTER TABLE "usage_records" ALTER COLUMN "cost_usd" SET DATA TYPE numeric(24, 12);--> statement-breakpoint
ALTER TABLE "usage_records" ALTER COLUMN "reference_cost_usd" SET DATA TYPE numeric(24, 12);--> statement-breakpoint
ALTER TABLE "usage_records" ALTER COLUMN "reference_cost_usd" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "cache_entries" ALTER COLUMN "reference_cost_usd" SET DATA TYPE numeric(24, 12);--> statement-breakpoint
ALTER TABLE "routing_decisions" ALTER COLUMN "estimated_cost_usd" SET DATA TYPE numeric(24, 12);--> statement-breakpoint
ALTER TABLE "routing_decisions" ALTER COLUMN "estimated_reference_cost_usd" SET DATA TYPE numeric(24, 12);--> statement-breakpoint
ALTER TABLE "routing_decisions" ALTER COLUMN "cost_usd" SET DATA TYPE numeric(24, 12);--> statement-breakpoint
ALTER TABLE "routing_decisions" ALTER COLUMN "reference_cost_usd" SET DATA TYPE numeric(24, 12);--> statement-breakpoint
ALTER TABLE "usage_daily_source_totals" ALTER COLUMN "cost_usd" SET DATA TYPE numeric(28, 12);--> statement-breakpoint
ALTER TABLE "usage_daily_source_totals" ALTER COLUMN "cost_usd" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "usage_daily_source_totals" ALTER COLUMN "reference_cost_usd" SET DATA TYPE numeric(28, 12);--> statement-breakpoint
ALTER TABLE "usage_daily_source_totals" ALTER COLUMN "reference_cost_usd" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "usage_daily_totals" ALTER COLUMN "cost_usd" SET DATA TYPE numeric(28, 12);--> statement-breakpoint
ALTER TABLE "usage_daily_totals" ALTER COLUMN "cost_usd" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "usage_daily_totals" ALTER COLUMN "reference_cost_usd" SET DATA TYPE numeric(28, 12);--> statement-breakpoint
ALTER TABLE "usage_daily_totals" ALTER COLUMN "reference_cost_usd" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "usage_monthly_user_totals" ALTER COLUMN "cost_usd" SET DATA TYPE numeric(28, 12);--> statement-breakpoint
ALTER TABLE "usage_monthly_user_totals" ALTER COLUMN "cost_usd" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "usage_monthly_user_totals" ALTER COLUMN "reference_cost_usd" SET DATA TYPE numeric(28, 12);--> statement-breakpoint
ALTER TABLE "usage_monthly_user_totals" ALTER COLUMN "reference_cost_usd" SET DEFAULT '0';