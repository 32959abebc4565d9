import { z } from 'zod';

/**
 * An organisation's learned cache as a plain JSON object: versioned, bounded (a few numbers per
 * feature, and at most `entryCapacity` stored entries with their own adjustment: about 200 KB at
 * the defaults), so that it can be kept in a database row and read by every instance. A reset is
 * `createCacheLearnerState()`.
 */
export const cacheLearnerFormat = 'tokenwise-cache-learner/1';

const cacheLearnerSettingsSchema = z.object({
  /** Largest share of wrong answers allowed among hits served without the judge (the policy's δ). */
  delta: z.number().min(0).max(1),
  /** One-sided normal quantile of the confidence the bound is held with (1.645: 95%). */
  confidenceZ: z.number().min(0).max(5),
  /** Prior variance, in logits squared, of how far one stored entry departs from the pooled model. */
  entryVariance: z.number().positive(),
  /** Ask the judge only when the optimistic chance that the stored reply answers is at least this. */
  judgeFloor: z.number().min(0).max(1),
  /** Stored entries that keep an adjustment of their own; the least recently used is forgotten first. */
  entryCapacity: z.number().int().positive().max(100_000),
});

export type CacheLearnerSettings = z.infer<typeof cacheLearnerSettingsSchema>;

const entryBeliefSchema = z.object({
  /** The entry's own shift of the logit, and how sure of it the learner is (inverse variance). */
  offset: z.number(),
  precision: z.number().positive(),
  observations: z.number().int().min(0),
  /** The learner's clock when the entry was last labelled (for forgetting the oldest). */
  lastSeen: z.number().int().min(0),
});

export type EntryBelief = z.infer<typeof entryBeliefSchema>;

const cacheLearnerStateSchema = z
  .object({
    format: z.literal(cacheLearnerFormat),
    /** The pair features the model's weights belong to, in order (pair-features.ts). */
    featureNames: z.array(z.string()).min(1),
    settings: cacheLearnerSettingsSchema,
    /** Gaussian belief over the weights of the pooled model: mean, and precision matrix as rows. */
    model: z.object({ mean: z.array(z.number()), precision: z.array(z.array(z.number())) }),
    entries: z.record(z.string(), entryBeliefSchema),
    /** Hits served without the judge and checked afterwards: how many, how many were wrong, how many the model expected. */
    audit: z.object({
      checked: z.number().int().min(0),
      wrong: z.number().int().min(0),
      expectedWrong: z.number().min(0),
    }),
    /** Labels learned since the last reset (also the clock entries are aged by). */
    labels: z.number().int().min(0),
  })
  .refine(
    (state) =>
      state.model.mean.length === state.featureNames.length &&
      state.model.precision.length === state.featureNames.length &&
      state.model.precision.every((row) => row.length === state.featureNames.length),
    { error: 'model sizes do not match the feature names' },
  )
  .refine((state) => Object.keys(state.entries).length <= state.settings.entryCapacity, {
    error: 'more entries than the entry capacity',
  });

export type CacheLearnerState = z.infer<typeof cacheLearnerStateSchema>;

/** Validates parsed JSON (a stored state); throws with the schema's complaint otherwise. */
export function parseCacheLearnerState(json: unknown): CacheLearnerState {
  const parsed = cacheLearnerStateSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Invalid cache learner state: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
