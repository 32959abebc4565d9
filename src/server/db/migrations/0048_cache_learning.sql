CREATE TABLE "cache_learner_states" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"labels" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"deciding_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cache_quality_daily_totals" (
	"org_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lookups" integer DEFAULT 0 NOT NULL,
	"learned_lookups" integer DEFAULT 0 NOT NULL,
	"exact_hits" integer DEFAULT 0 NOT NULL,
	"semantic_hits" integer DEFAULT 0 NOT NULL,
	"learned_hits" integer DEFAULT 0 NOT NULL,
	"judged_hits" integer DEFAULT 0 NOT NULL,
	"saved_picodollars" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cache_quality_daily_totals_org_id_day_pk" PRIMARY KEY("org_id","day")
);
--> statement-breakpoint
CREATE TABLE "cache_quality_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"decision_id" uuid,
	"entry_id" uuid NOT NULL,
	"source" text NOT NULL,
	"same" boolean NOT NULL,
	"similarity" real NOT NULL,
	"judge_model_id" text,
	"cost_picodollars" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cache_served_hits" (
	"decision_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"similarity" real NOT NULL,
	"decided_by" text NOT NULL,
	"features" real[] NOT NULL,
	"lookup" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "routing_policies" ADD COLUMN "cache_error_rate" real DEFAULT 0.02 NOT NULL;--> statement-breakpoint
ALTER TABLE "cache_learner_states" ADD CONSTRAINT "cache_learner_states_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cache_quality_daily_totals" ADD CONSTRAINT "cache_quality_daily_totals_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cache_quality_labels" ADD CONSTRAINT "cache_quality_labels_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cache_quality_labels" ADD CONSTRAINT "cache_quality_labels_decision_id_routing_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."routing_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cache_served_hits" ADD CONSTRAINT "cache_served_hits_decision_id_routing_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."routing_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cache_served_hits" ADD CONSTRAINT "cache_served_hits_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cache_quality_labels_decision_source_idx" ON "cache_quality_labels" USING btree ("decision_id","source");--> statement-breakpoint
CREATE INDEX "cache_quality_labels_org_idx" ON "cache_quality_labels" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "cache_served_hits_org_idx" ON "cache_served_hits" USING btree ("org_id","created_at");