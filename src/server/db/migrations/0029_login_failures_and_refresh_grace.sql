CREATE TABLE "login_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username_hash" text NOT NULL,
	"client_address" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
CREATE INDEX "login_failures_username_idx" ON "login_failures" USING btree ("username_hash","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("client_address","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_failed_at_idx" ON "login_failures" USING btree ("failed_at");