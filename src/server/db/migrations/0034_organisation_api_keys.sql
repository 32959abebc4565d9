CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by_user_id" uuid,
	"created_by_username" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_username" text,
	"monthly_budget_microdollars" bigint,
	"cache_enabled" boolean DEFAULT true NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "api_access_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "api_ip_restrictions" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_reservations" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_unique" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "api_keys_org_user_idx" ON "api_keys" USING btree ("org_id","user_id");--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_records_api_key_idx" ON "usage_records" USING btree ("org_id","api_key_id","created_at") WHERE "usage_records"."api_key_id" is not null;--> statement-breakpoint
CREATE INDEX "usage_reservations_api_key_idx" ON "usage_reservations" USING btree ("api_key_id") WHERE "usage_reservations"."api_key_id" is not null;