CREATE TABLE "model_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" text NOT NULL,
	"version" integer NOT NULL,
	"input_picodollars_per_token" bigint NOT NULL,
	"cached_input_picodollars_per_token" bigint NOT NULL,
	"output_picodollars_per_token" bigint NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_prices_not_negative" CHECK ("model_prices"."input_picodollars_per_token" >= 0 and "model_prices"."cached_input_picodollars_per_token" >= 0 and "model_prices"."output_picodollars_per_token" >= 0)
);
--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "price_version" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "model_prices_version_unique" ON "model_prices" USING btree ("model_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "model_prices_effective_unique" ON "model_prices" USING btree ("model_id","effective_from");--> statement-breakpoint
CREATE INDEX "model_prices_created_idx" ON "model_prices" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_price_version_model_prices_id_fk" FOREIGN KEY ("price_version") REFERENCES "public"."model_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written: the price book's version 1 of every priced catalog model, exactly the catalog's
-- prices in picodollars per token (printed by `npm run prices:seed-sql`; a unit test checks the two
-- agree), effective from the start of the books. Usage recorded before the price book was charged at
-- those prices: it names that version. Versions are append-only (docs/decisions/071).
INSERT INTO "model_prices" ("model_id", "version", "input_picodollars_per_token", "cached_input_picodollars_per_token", "output_picodollars_per_token", "effective_from", "source") VALUES
  ('openai/gpt-4.1-nano', 1, 100000, 25000, 400000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('openai/gpt-4o-mini', 1, 150000, 75000, 600000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('openai/gpt-4.1-mini', 1, 400000, 100000, 1600000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('openai/gpt-4o', 1, 2500000, 1250000, 10000000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('openai/gpt-4.1', 1, 2000000, 500000, 8000000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('openai/o3-mini', 1, 1100000, 550000, 4400000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('openai/o4-mini', 1, 1100000, 275000, 4400000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('anthropic/claude-3-5-haiku-latest', 1, 800000, 80000, 4000000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('anthropic/claude-3-7-sonnet', 1, 3000000, 300000, 15000000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('anthropic/claude-sonnet-4', 1, 3000000, 300000, 15000000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('anthropic/claude-opus-4', 1, 15000000, 1500000, 75000000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('google/gemini-2.0-flash', 1, 100000, 25000, 400000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('google/gemini-2.5-flash', 1, 300000, 75000, 2500000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('google/gemini-2.5-pro', 1, 1250000, 310000, 10000000, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('openai/text-embedding-3-small', 1, 20000, 20000, 0, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('openai/text-embedding-3-large', 1, 130000, 130000, 0, '1970-01-01T00:00:00Z', 'catalog seed'),
  ('openai/text-embedding-ada-002', 1, 100000, 100000, 0, '1970-01-01T00:00:00Z', 'catalog seed');
--> statement-breakpoint
UPDATE "usage_records" SET "price_version" = "model_prices"."id" FROM "model_prices"
  WHERE "model_prices"."model_id" = "usage_records"."model_id" AND "model_prices"."version" = 1;
--> statement-breakpoint
CREATE FUNCTION model_prices_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'model_prices is append-only: a price change is a new version';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER model_prices_append_only BEFORE UPDATE OR DELETE ON model_prices
  FOR EACH ROW EXECUTE FUNCTION model_prices_refuse_change();
