ALTER TABLE "cache_entries" ALTER COLUMN "session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cache_entries" ALTER COLUMN "reply_message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cache_entries" ADD COLUMN "decision_id" uuid;--> statement-breakpoint
ALTER TABLE "cache_entries" ADD CONSTRAINT "cache_entries_decision_id_routing_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."routing_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cache_entries_decision_idx" ON "cache_entries" USING btree ("decision_id");--> statement-breakpoint
ALTER TABLE "cache_entries" ADD CONSTRAINT "cache_entries_source_check" CHECK (("cache_entries"."session_id" is not null and "cache_entries"."reply_message_id" is not null) or "cache_entries"."decision_id" is not null);