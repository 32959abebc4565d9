CREATE TABLE "budget_leases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"model_id" text,
	"api_key_id" uuid,
	"period_start" timestamp with time zone,
	"tokens" bigint,
	"cost_usd" numeric(24, 12),
	"owner" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "limit_lease_id" uuid;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "budget_lease_id" uuid;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "wallet_lease_id" uuid;--> statement-breakpoint
ALTER TABLE "budget_leases" ADD CONSTRAINT "budget_leases_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_leases_scope_idx" ON "budget_leases" USING btree ("org_id","kind","user_id","model_id");--> statement-breakpoint
CREATE INDEX "budget_leases_owner_idx" ON "budget_leases" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "usage_records_limit_lease_idx" ON "usage_records" USING btree ("limit_lease_id") WHERE "usage_records"."limit_lease_id" is not null;--> statement-breakpoint
CREATE INDEX "usage_records_budget_lease_idx" ON "usage_records" USING btree ("budget_lease_id") WHERE "usage_records"."budget_lease_id" is not null;--> statement-breakpoint
CREATE INDEX "usage_records_wallet_lease_idx" ON "usage_records" USING btree ("wallet_lease_id") WHERE "usage_records"."wallet_lease_id" is not null;