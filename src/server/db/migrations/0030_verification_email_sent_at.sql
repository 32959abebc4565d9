ALTER TABLE "users" ADD COLUMN "verification_email_sent_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: people who were e-mailed a verification link before this column existed.
UPDATE "users" SET "verification_email_sent_at" = "sent"."first_at"
FROM (
  SELECT "user_id", min("created_at") AS "first_at" FROM "one_time_tokens"
  WHERE "purpose" = 'verify_email' GROUP BY "user_id"
) AS "sent"
WHERE "sent"."user_id" = "users"."id";
