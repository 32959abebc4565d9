CREATE TABLE "reply_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"content" text NOT NULL,
	"model_id" text,
	"status" text NOT NULL,
	"tokens" integer NOT NULL,
	"usage_id" uuid,
	"answered_at" timestamp (6) with time zone NOT NULL,
	"replaced_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reply_versions" ADD CONSTRAINT "reply_versions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_versions" ADD CONSTRAINT "reply_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_versions" ADD CONSTRAINT "reply_versions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_versions" ADD CONSTRAINT "reply_versions_usage_id_usage_records_id_fk" FOREIGN KEY ("usage_id") REFERENCES "public"."usage_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_versions_message_idx" ON "reply_versions" USING btree ("org_id","message_id","answered_at");