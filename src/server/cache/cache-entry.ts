import { getTableColumns } from 'drizzle-orm';
import type { Picodollars } from '../../money';
import { cacheEntries } from '../db/schema';

/** A stored reply as the cache hands it out: every column but the embedding. */
export type CacheEntry = Omit<typeof cacheEntries.$inferSelect, 'embedding'>;

/**
 * What made an entry, which deleting deletes it: a chat reply in its session, or a program's answer
 * by its routing decision (docs/decisions/060).
 */
export type CacheEntrySource =
  | { sessionId: string; replyMessageId: string; decisionId?: undefined }
  | { decisionId: string; sessionId?: undefined; replyMessageId?: undefined };

/** What the routing code stores after a reply; the store fills in id, hit count and creation time. */
export type NewCacheEntry = CacheEntrySource & NewCacheEntryFields;

interface NewCacheEntryFields {
  orgId: string;
  scopeKey: string;
  exactKey: string;
  prompt: string;
  reply: string;
  modelId: string;
  /** Unit vector (cosine similarity is then a dot product) from the encoder named by encoderId. */
  embedding: Float32Array;
  encoderId: string;
  referenceCostPicodollars: Picodollars;
  /** Creation time plus the organisation's time to live. */
  expiresAt: Date;
}

/** One semantic candidate: the entry and the cosine similarity of its prompt to the query. */
export interface SimilarEntry {
  entry: CacheEntry;
  similarity: number;
}

/** Where a deleted row lived, so an in-process index can drop it. */
export interface RemovedEntry {
  id: string;
  scopeKey: string;
}

const { embedding: _embedding, ...entryColumnsWithoutEmbedding } = getTableColumns(cacheEntries);

/** The columns of a CacheEntry, for selects that must not ship the 512 floats. */
export const entryColumns = entryColumnsWithoutEmbedding;
