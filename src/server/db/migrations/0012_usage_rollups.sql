CREATE TABLE "usage_daily_totals" (
	"org_id" uuid NOT NULL,
	"model_id" text NOT NULL,
	"day" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"cache_hits" integer DEFAULT 0 NOT NULL,
	"auto_decisions" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"cached_input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"cost_usd" numeric(24, 10) DEFAULT '0' NOT NULL,
	"reference_cost_usd" numeric(24, 10) DEFAULT '0' NOT NULL,
	"latency_histogram" integer[] DEFAULT '{}' NOT NULL,
	"first_token_histogram" integer[] DEFAULT '{}' NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_daily_totals_org_id_day_model_id_pk" PRIMARY KEY("org_id","day","model_id")
);
--> statement-breakpoint
CREATE TABLE "usage_monthly_user_totals" (
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"model_id" text NOT NULL,
	"month" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"cache_hits" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"cost_usd" numeric(24, 10) DEFAULT '0' NOT NULL,
	"reference_cost_usd" numeric(24, 10) DEFAULT '0' NOT NULL,
	CONSTRAINT "usage_monthly_user_totals_org_id_user_id_month_model_id_pk" PRIMARY KEY("org_id","user_id","month","model_id")
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "tokens_per_cycle" bigint;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "outcome" text DEFAULT 'complete' NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily_totals" ADD CONSTRAINT "usage_daily_totals_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_monthly_user_totals" ADD CONSTRAINT "usage_monthly_user_totals_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_monthly_user_totals" ADD CONSTRAINT "usage_monthly_user_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;