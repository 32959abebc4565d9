ALTER TABLE "system_messages" ADD COLUMN "audience" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "system_messages" ADD COLUMN "occasion" text;--> statement-breakpoint
CREATE UNIQUE INDEX "system_messages_occasion_unique" ON "system_messages" USING btree ("org_id","occasion");