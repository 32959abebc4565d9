CREATE TABLE "two_factor_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_settings" ALTER COLUMN "enable_audit" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_email_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recovery_codes_hash_unique" ON "two_factor_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE INDEX "two_factor_recovery_codes_org_idx" ON "two_factor_recovery_codes" USING btree ("org_id");--> statement-breakpoint
-- hand-written: people who were e-mailed a verification link before this column existed.
UPDATE "users" SET "verification_email_sent_at" = "sent"."first_at"
FROM (
  SELECT "user_id", min("created_at") AS "first_at" FROM "one_time_tokens"
  WHERE "purpose" = 'verify_email' GROUP BY "user_id"
) AS "sent"
WHERE "sent"."user_id" = "users"."id";
