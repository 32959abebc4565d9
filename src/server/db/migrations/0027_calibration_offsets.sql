CREATE TABLE "routing_calibration_offsets" (
	"org_id" uuid NOT NULL,
	"target" text NOT NULL,
	"threshold_offset" real DEFAULT 0 NOT NULL,
	"quality_signals" integer DEFAULT 0 NOT NULL,
	"saving_signals" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routing_calibration_offsets_org_id_target_pk" PRIMARY KEY("org_id","target")
);
--> statement-breakpoint
ALTER TABLE "routing_calibration_signals" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "routing_decisions" ADD COLUMN "prompt_kind" text;--> statement-breakpoint
ALTER TABLE "routing_calibration_offsets" ADD CONSTRAINT "routing_calibration_offsets_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;