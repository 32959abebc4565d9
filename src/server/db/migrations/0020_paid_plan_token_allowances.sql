-- Tokens included in each paid plan per billing period (decision 023: plans are data). The
-- dashboard's "tokens remaining" is the current plan's allowance less the period's tokens.
UPDATE plans SET tokens_per_cycle = 20000000 WHERE id = 'team' AND tokens_per_cycle IS NULL;--> statement-breakpoint
UPDATE plans SET tokens_per_cycle = 100000000 WHERE id = 'business' AND tokens_per_cycle IS NULL;--> statement-breakpoint
UPDATE plans SET tokens_per_cycle = 500000000 WHERE id = 'enterprise' AND tokens_per_cycle IS NULL;
