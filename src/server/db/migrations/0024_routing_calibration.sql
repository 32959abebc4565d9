CREATE TABLE "routing_calibration_signals" (
	"decision_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_calibrations" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"threshold_offset" real DEFAULT 0 NOT NULL,
	"stronger_signals" integer DEFAULT 0 NOT NULL,
	"cheaper_signals" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "routing_calibration_signals" ADD CONSTRAINT "routing_calibration_signals_decision_id_routing_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."routing_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_calibration_signals" ADD CONSTRAINT "routing_calibration_signals_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_calibrations" ADD CONSTRAINT "routing_calibrations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "routing_calibration_signals_org_idx" ON "routing_calibration_signals" USING btree ("org_id","created_at");