CREATE TABLE "organisation_provider_keys" (
	"org_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"api_key_encrypted" text,
	"key_hint" text,
	"base_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_provider_keys_org_id_provider_pk" PRIMARY KEY("org_id","provider")
);
--> statement-breakpoint
ALTER TABLE "organisation_provider_keys" ADD CONSTRAINT "organisation_provider_keys_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;