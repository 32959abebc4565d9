ALTER TABLE "chat_messages" ADD COLUMN "parent_message_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_parent_message_id_chat_messages_id_fk" FOREIGN KEY ("parent_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_parent_idx" ON "chat_messages" USING btree ("parent_message_id");--> statement-breakpoint
-- hand-written: existing conversations become one linear branch, each message following the one before it.
UPDATE "chat_messages" AS "message" SET "parent_message_id" = "ordered"."previous_id"
FROM (
  SELECT "id", lag("id") OVER (PARTITION BY "session_id" ORDER BY "created_at", "role" DESC, "id") AS "previous_id"
  FROM "chat_messages"
) AS "ordered"
WHERE "message"."id" = "ordered"."id" AND "ordered"."previous_id" IS NOT NULL;
