-- Public plans shown on /pricing. Prices in USD per organisation and billing cycle.
INSERT INTO "plans" ("id", "name", "description", "price", "currency", "billing_cycle", "features", "sort_order") VALUES
('free', 'Free Trial', 'Try routing and caching with your team, on the embedded model and your own keys.', 0, 'USD', 'monthly',
 '["Up to 5 users", "Semantic cache and cost routing", "Embedded local model included", "Usage and savings dashboard", "Community support"]'::jsonb, 0),
('team', 'Team', 'For teams that chat with several providers and want their spend under control.', 49, 'USD', 'monthly',
 '["Up to 50 users", "Roles with per-model limits", "Prepaid wallet with auto-reload", "Usage analytics per user and model", "E-mail support"]'::jsonb, 1),
('business', 'Business', 'For organisations that route every prompt and report savings to finance.', 199, 'USD', 'monthly',
 '["Unlimited users", "Custom routing policy and reference model", "Two-factor enforcement and audit logging", "CSV exports of cost savings", "Priority support"]'::jsonb, 2),
('enterprise', 'Enterprise', 'Dedicated deployment on your PostgreSQL, with your own providers and contracts.', 999, 'USD', 'monthly',
 '["Self-hosted or dedicated instance", "Single sign-on on request", "Data retention controls", "Uptime commitment", "Named support engineer"]'::jsonb, 3)
ON CONFLICT ("id") DO NOTHING;
