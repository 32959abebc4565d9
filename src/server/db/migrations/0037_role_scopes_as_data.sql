ALTER TABLE "roles" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "unlimited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written: today's roles keep exactly what their names gave them (docs/decisions/059).
UPDATE "roles" SET "scopes" = ARRAY['admin', 'user-management', 'model-management', 'billing']::text[] WHERE lower(trim("name")) IN ('admin', 'super admin');--> statement-breakpoint
UPDATE "roles" SET "scopes" = ARRAY['user-management']::text[] WHERE lower(trim("name")) = 'user manager';--> statement-breakpoint
UPDATE "roles" SET "scopes" = ARRAY['model-management']::text[] WHERE lower(trim("name")) = 'model manager';--> statement-breakpoint
UPDATE "roles" SET "scopes" = ARRAY['billing']::text[] WHERE lower(trim("name")) = 'billing manager';--> statement-breakpoint
UPDATE "roles" SET "unlimited" = true WHERE position('admin' in lower("name")) > 0;
