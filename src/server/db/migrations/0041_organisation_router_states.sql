CREATE TABLE "organisation_router_states" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"labels" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"deciding_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "routing_decisions" ADD COLUMN "router" text;--> statement-breakpoint
ALTER TABLE "organisation_router_states" ADD CONSTRAINT "organisation_router_states_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;