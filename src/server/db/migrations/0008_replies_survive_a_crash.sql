CREATE TABLE "server_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "stream_owner" uuid;--> statement-breakpoint
CREATE INDEX "chat_messages_streaming_idx" ON "chat_messages" USING btree ("stream_owner") WHERE "chat_messages"."status" = 'streaming';