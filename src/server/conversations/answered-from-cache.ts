import type { CacheLookup } from '../routing/reply-cache';

export type CacheHit = Extract<CacheLookup, { hit: true }>;

/**
 * The cache found a stored reply while the model was being asked speculatively
 * (docs/decisions/032): the model call stops, its rows are never written, and the stored reply is
 * served instead.
 */
export class AnsweredFromCache extends Error {
  constructor(readonly hit: CacheHit) {
    super('Answered from the cache while the model was being asked');
    this.name = 'AnsweredFromCache';
  }
}
