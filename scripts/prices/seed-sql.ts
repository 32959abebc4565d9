// Prints the price book's seed (version 1 of each catalog model's prices) as SQL, for migration 0044.
import { catalogSeedSql } from '../../src/server/pricing/catalog-seed';

process.stdout.write(`${catalogSeedSql()}\n`);
