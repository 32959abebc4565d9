import type { Executor } from '../db/database';
import { listScopeEntryIds, readEncodedEmbeddings } from './cache-repository';
import { decodeFloat4Array } from './float4-array';
import { createScopeVectors, type ScopeVectors } from './scope-vectors';

export interface ScopeToLoad {
  orgId: string;
  scopeKey: string;
  encoderId: string;
  dimensions: number;
  now: Date;
  /** Gives up (undefined) when the scope's vectors alone would take more than this. */
  maxBytes: number;
  /** Rows read per query: bounds the driver's transient memory. */
  batchSize?: number;
}

/**
 * Reads a scope's unexpired vectors from the database into memory: the ids first (one index scan),
 * then the embeddings in batches by primary key, so the driver never holds the whole scope at once.
 */
export async function loadScopeVectors(db: Executor, scope: ScopeToLoad): Promise<ScopeVectors | undefined> {
  const ids = await listScopeEntryIds(db, scope.orgId, scope.scopeKey, scope.encoderId, scope.dimensions, scope.now);
  if (ids.length * scope.dimensions * Float32Array.BYTES_PER_ELEMENT > scope.maxBytes) return undefined;
  const vectors = createScopeVectors(scope.dimensions);
  const batchSize = scope.batchSize ?? 2000;
  for (let start = 0; start < ids.length; start += batchSize) {
    for (const row of await readEncodedEmbeddings(db, scope.orgId, ids.slice(start, start + batchSize))) {
      const vector = decodeFloat4Array(row.encoded, scope.dimensions);
      if (vector) vectors.add(row.id, vector, row.expiresAt.getTime());
    }
  }
  return vectors;
}
