CREATE TABLE "usage_reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"model_id" text NOT NULL,
	"usage_id" uuid NOT NULL,
	"tokens" integer NOT NULL,
	"output_tokens" integer NOT NULL,
	"cost_usd" numeric(20, 12) NOT NULL,
	"owner" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_reservations" ADD CONSTRAINT "usage_reservations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_reservations" ADD CONSTRAINT "usage_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_reservations_user_idx" ON "usage_reservations" USING btree ("org_id","user_id","model_id");--> statement-breakpoint
CREATE INDEX "usage_reservations_usage_idx" ON "usage_reservations" USING btree ("usage_id");