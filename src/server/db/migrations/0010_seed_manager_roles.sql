-- Marks the roles every organisation was seeded with (the Admin role cannot be deleted), and gives
-- existing organisations the manager roles new ones start with (src/server/roles/default-roles.ts):
-- each enables the everyday models with the new-role limits. An organisation that already has a
-- role of that name keeps its own.
UPDATE "roles" SET "seeded_as" = 'admin' WHERE lower("name") = 'admin' AND "seeded_as" IS NULL;
--> statement-breakpoint
UPDATE "roles" SET "seeded_as" = 'member' WHERE lower("name") = 'member' AND "seeded_as" IS NULL;
--> statement-breakpoint
WITH "manager_roles" ("seeded_as", "name", "description") AS (
  VALUES
    ('user-manager', 'User Manager', 'Adds people, changes their roles and sees their usage.'),
    ('model-manager', 'Model Manager', 'Looks after the models: routing policy and model analytics.'),
    ('billing-manager', 'Billing Manager', 'Looks after billing, the wallet and usage costs.')
),
"inserted" AS (
  INSERT INTO "roles" ("org_id", "name", "description", "seeded_as")
  SELECT "organisations"."id", "manager_roles"."name", "manager_roles"."description", "manager_roles"."seeded_as"
  FROM "organisations" CROSS JOIN "manager_roles"
  ON CONFLICT DO NOTHING
  RETURNING "id", "org_id"
)
INSERT INTO "role_permissions" ("role_id", "org_id", "model_id", "is_enabled", "max_tokens_per_request", "monthly_token_limit", "cost_limit")
SELECT "inserted"."id", "inserted"."org_id", "models"."model_id", true, 2000, 100000, 50
FROM "inserted" CROSS JOIN (
  VALUES ('local/tinyllama-1.1b-chat'), ('openai/gpt-4o-mini'), ('anthropic/claude-3-5-haiku-latest'), ('google/gemini-2.0-flash')
) AS "models" ("model_id");
