CREATE TABLE "cache_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"reply_message_id" uuid NOT NULL,
	"scope_key" text NOT NULL,
	"exact_key" text NOT NULL,
	"prompt" text NOT NULL,
	"reply" text NOT NULL,
	"model_id" text NOT NULL,
	"embedding" real[] NOT NULL,
	"encoder_id" text NOT NULL,
	"reference_cost_usd" numeric(18, 10) NOT NULL,
	"hit_count" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"user_message_id" uuid,
	"reply_message_id" uuid,
	"mode" text NOT NULL,
	"reason" text NOT NULL,
	"reason_text" text NOT NULL,
	"candidates" jsonb NOT NULL,
	"router_score" real,
	"router_threshold" real,
	"cache_similarity" real,
	"cache_entry_id" uuid,
	"primary_model_id" text NOT NULL,
	"backup_model_id" text,
	"served_model_id" text,
	"reference_model_id" text NOT NULL,
	"estimated_cost_usd" numeric(18, 10) NOT NULL,
	"estimated_reference_cost_usd" numeric(18, 10) NOT NULL,
	"input_tokens" integer,
	"output_tokens" integer,
	"cost_usd" numeric(18, 10),
	"reference_cost_usd" numeric(18, 10),
	"feedback" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "routing_policies" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"quality_target" real DEFAULT 0.95 NOT NULL,
	"candidate_model_ids" jsonb,
	"reference_model_id" text,
	"cache_enabled" boolean DEFAULT true NOT NULL,
	"cache_threshold" real,
	"cache_ttl_seconds" integer DEFAULT 604800 NOT NULL,
	"cache_max_entries" integer DEFAULT 100000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "decision_id" uuid;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "reference_cost_usd" numeric(18, 10) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "cache_hit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "decision_id" uuid;--> statement-breakpoint
ALTER TABLE "cache_entries" ADD CONSTRAINT "cache_entries_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cache_entries" ADD CONSTRAINT "cache_entries_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cache_entries" ADD CONSTRAINT "cache_entries_reply_message_id_chat_messages_id_fk" FOREIGN KEY ("reply_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_decisions" ADD CONSTRAINT "routing_decisions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_decisions" ADD CONSTRAINT "routing_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_decisions" ADD CONSTRAINT "routing_decisions_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_decisions" ADD CONSTRAINT "routing_decisions_user_message_id_chat_messages_id_fk" FOREIGN KEY ("user_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_decisions" ADD CONSTRAINT "routing_decisions_reply_message_id_chat_messages_id_fk" FOREIGN KEY ("reply_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_policies" ADD CONSTRAINT "routing_policies_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cache_entries_exact_idx" ON "cache_entries" USING btree ("org_id","exact_key");--> statement-breakpoint
CREATE INDEX "cache_entries_scope_idx" ON "cache_entries" USING btree ("org_id","scope_key");--> statement-breakpoint
CREATE INDEX "cache_entries_expiry_idx" ON "cache_entries" USING btree ("org_id","expires_at");--> statement-breakpoint
CREATE INDEX "routing_decisions_org_idx" ON "routing_decisions" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "routing_decisions_reply_idx" ON "routing_decisions" USING btree ("reply_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_decision_unique" ON "feedback" USING btree ("decision_id");