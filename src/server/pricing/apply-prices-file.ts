import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { planPriceChanges } from './plan-price-changes';
import type { PriceVersion } from './price-book';
import { insertPriceVersions, loadPriceVersions } from './price-repository';
import { parsePricesFile, PricesFileError } from './prices-file';

/** The advisory lock instances applying a prices file take turns on (the ASCII of "TKNWPRIC"). */
const pricesLockKey = 0x544b4e5750524943n;

/**
 * Applies a prices file (PRICES_FILE at start, `npm run prices:apply`): the new versions it holds
 * are added in one transaction, or none when any entry is refused. Instances starting together with
 * the same file take turns, and the second finds nothing left to add.
 */
export async function applyPricesFile(
  db: Database,
  filePath: string,
  knownModelIds: ReadonlySet<string>,
  now = new Date(),
): Promise<PriceVersion[]> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    throw new PricesFileError([`cannot read ${filePath}: ${(error as NodeJS.ErrnoException).code ?? error}`]);
  }
  const entries = parsePricesFile(text, knownModelIds);
  return db.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(${pricesLockKey.toString()}::bigint)`);
    const versions = await loadPriceVersions(transaction);
    const planned = planPriceChanges(entries, versions, now, `file ${path.basename(filePath)}`);
    return insertPriceVersions(transaction, planned);
  });
}
