ALTER TABLE "usage_records" ADD COLUMN "source" text DEFAULT 'chat' NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "deadline" text;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "stream_owner" uuid;--> statement-breakpoint
ALTER TABLE "routing_policies" ADD COLUMN "headers_timeout_ms" integer;--> statement-breakpoint
ALTER TABLE "routing_policies" ADD COLUMN "first_token_timeout_ms" integer;--> statement-breakpoint
ALTER TABLE "routing_policies" ADD COLUMN "between_tokens_timeout_ms" integer;--> statement-breakpoint
CREATE INDEX "usage_records_streaming_idx" ON "usage_records" USING btree ("stream_owner") WHERE "usage_records"."outcome" = 'streaming';--> statement-breakpoint
-- hand-written:
-- Replies streaming when this migration runs keep their owner on their usage record too, so the
-- metered calls' crash accounting (docs/decisions/037) finds them as the message recovery did.
UPDATE "usage_records" u SET "stream_owner" = m."stream_owner"
FROM "chat_messages" m
WHERE u."outcome" = 'streaming' AND u."message_id" = m."id" AND u."org_id" = m."org_id" AND m."status" = 'streaming';
--> statement-breakpoint
-- The cache judge's calls were the only ones recorded with no session, message or decision that
-- ended complete or failed (docs/decisions/026); they are named as such.
UPDATE "usage_records" SET "source" = 'cache-judge'
WHERE "session_id" IS NULL AND "message_id" IS NULL AND "decision_id" IS NULL AND "outcome" IN ('complete', 'failed');
