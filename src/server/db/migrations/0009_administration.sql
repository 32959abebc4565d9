CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_username" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"default_model" text,
	"enable_logging" boolean NOT NULL,
	"enable_audit" boolean NOT NULL,
	"retention_period_days" integer NOT NULL,
	"max_tokens_per_request" integer NOT NULL,
	"default_temperature" numeric(3, 2) NOT NULL,
	"require_2fa" boolean NOT NULL,
	"session_timeout_minutes" integer NOT NULL,
	"ip_restrictions" text[] NOT NULL,
	"allowed_domains" text[] NOT NULL,
	"logo_url" text,
	"primary_color" text NOT NULL,
	"application_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_permissions" ALTER COLUMN "max_tokens_per_request" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "role_permissions" ALTER COLUMN "monthly_token_limit" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "role_permissions" ALTER COLUMN "cost_limit" SET DATA TYPE numeric(20, 4);--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "seeded_as" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_org_created_idx" ON "audit_entries" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_org_seeded_unique" ON "roles" USING btree ("org_id","seeded_as") WHERE "roles"."seeded_as" is not null;