import { asc } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { modelPrices } from '../db/schema';
import type { PriceVersion } from './price-book';

// The price book is the instance's, not an organisation's: every organisation is charged from it.

/** Every price version, oldest first (a few rows a model). */
export async function loadPriceVersions(db: Executor): Promise<PriceVersion[]> {
  const rows = await db.select().from(modelPrices).orderBy(asc(modelPrices.effectiveFrom));
  return rows.map((row) => ({
    id: row.id,
    modelId: row.modelId,
    version: row.version,
    input: row.inputPicodollarsPerToken,
    cachedInput: row.cachedInputPicodollarsPerToken,
    output: row.outputPicodollarsPerToken,
    effectiveFrom: row.effectiveFrom,
  }));
}

export type NewPriceVersion = Omit<PriceVersion, 'id'> & { source: string };

/** Appends new versions; the (model, version) unique index refuses a version another writer took meanwhile. */
export async function insertPriceVersions(db: Executor, versions: readonly NewPriceVersion[]): Promise<PriceVersion[]> {
  if (versions.length === 0) return [];
  const rows = await db
    .insert(modelPrices)
    .values(
      versions.map((version) => ({
        modelId: version.modelId,
        version: version.version,
        inputPicodollarsPerToken: version.input,
        cachedInputPicodollarsPerToken: version.cachedInput,
        outputPicodollarsPerToken: version.output,
        effectiveFrom: version.effectiveFrom,
        source: version.source,
      })),
    )
    .returning({ id: modelPrices.id });
  return versions.map((version, index) => {
    const row = rows[index];
    if (!row) throw new Error('a price version was not written');
    return { ...version, id: row.id };
  });
}
