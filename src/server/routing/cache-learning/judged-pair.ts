import type { Picodollars } from '../../../money';
import type { PairFeatures } from '../../../gateway';
import type { ServedPair } from './cache-quality-repository';
import type { LearnedLookup } from './learned-lookup';

/** What the learner read of a lookup's nearest entry (a stored entry, not an exact repeat). */
export interface LookupPair {
  /** The stored entry's id: the learner's key for its own adjustment. */
  entryId: string;
  similarity: number;
  features: PairFeatures;
  learned: LearnedLookup;
}

/** A borderline lookup the same-question judge was asked about, with its verdict: a label to learn after the reply. */
export interface JudgedPair {
  pair: LookupPair;
  verdict: { same: boolean; modelId: string; costPicodollars: Picodollars };
}

/** The pair as it is kept with a served hit. */
export const servedPairOf = (pair: LookupPair): ServedPair => ({
  entryId: pair.entryId,
  similarity: pair.similarity,
  values: pair.features.values,
  decision: pair.learned.decision,
});
