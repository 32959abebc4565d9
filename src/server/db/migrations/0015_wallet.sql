CREATE TABLE "wallet_auto_reloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(24, 12) NOT NULL,
	"balance_after" numeric(24, 12) NOT NULL,
	"description" text NOT NULL,
	"is_auto_reload" boolean DEFAULT false NOT NULL,
	"usage_record_id" uuid,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_amount_positive" CHECK ("wallet_ledger"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"processor" text NOT NULL,
	"processor_payment_id" text,
	"client_secret" text,
	"payment_method" text,
	"failure_message" text,
	"is_auto_reload" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"usage_id" uuid NOT NULL,
	"amount" numeric(24, 12) NOT NULL,
	"owner" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"balance" numeric(24, 12) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"min_top_up_amount" numeric(12, 2) DEFAULT '10' NOT NULL,
	"auto_reload_enabled" boolean DEFAULT false NOT NULL,
	"auto_reload_threshold" numeric(12, 2) DEFAULT '5' NOT NULL,
	"auto_reload_amount" numeric(12, 2) DEFAULT '20' NOT NULL,
	"auto_reload_marked_at" timestamp with time zone,
	"saved_payment_method" text,
	"stripe_customer_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "billed_to_wallet" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_auto_reloads" ADD CONSTRAINT "wallet_auto_reloads_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_payments" ADD CONSTRAINT "wallet_payments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_reservations" ADD CONSTRAINT "wallet_reservations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_auto_reloads_open_unique" ON "wallet_auto_reloads" USING btree ("org_id") WHERE "wallet_auto_reloads"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "wallet_ledger_org_time_idx" ON "wallet_ledger" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_ledger_usage_idx" ON "wallet_ledger" USING btree ("usage_record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_payment_unique" ON "wallet_ledger" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_payments_key_unique" ON "wallet_payments" USING btree ("org_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_payments_processor_unique" ON "wallet_payments" USING btree ("processor_payment_id");--> statement-breakpoint
CREATE INDEX "wallet_payments_open_idx" ON "wallet_payments" USING btree ("status") WHERE "wallet_payments"."status" in ('processing', 'pending');--> statement-breakpoint
CREATE INDEX "wallet_reservations_org_idx" ON "wallet_reservations" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "wallet_reservations_usage_idx" ON "wallet_reservations" USING btree ("usage_id");