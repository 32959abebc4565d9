import { z } from 'zod';

/**
 * An organisation's online router as a plain JSON object: versioned, bounded (at most
 * `memoryCapacity` remembered prompts of one byte a dimension and `outcomeCapacity` recent outcomes:
 * under 500 KB at the defaults), and
 * self-describing (the encoder and settings it was learned with), so that it can be stored in a
 * database row and read by every instance. A reset is `createOnlineRouterState()`.
 */
export const onlineRouterFormat = 'tokenwise-online-router/1';

/** Latest labels kept with the score each had before it was learned; the oldest is dropped first. */
export const outcomeCapacity = 500;

const quantisedVectorSchema = z.object({ scale: z.number().positive(), bytes: z.string() });

const onlineRouterSettingsSchema = z.object({
  /** Remembered labelled prompts; once full, a new label is merged into its most similar one. */
  memoryCapacity: z.number().int().positive().max(4096),
  /** Nearest remembered prompts read per score. */
  neighbours: z.number().int().positive().max(256),
  /** Kernel widths, in cosine similarity: a neighbour weighs exp((similarity - 1) / width). */
  bandwidths: z.array(z.number().positive()).min(1).max(8),
  /** How many labels' worth of evidence the global router's estimate counts for, near a prompt. */
  shrinkages: z.array(z.number().positive()).min(1).max(8),
  /** The prior slope of the gain on the global router's logit, and its strength in labels. */
  priorSlope: z.number(),
  priorStrength: z.number().positive(),
});

export type OnlineRouterSettings = z.infer<typeof onlineRouterSettingsSchema>;

const onlineRouterStateSchema = z
  .object({
    format: z.literal(onlineRouterFormat),
    /** The encoder whose vectors are remembered: vectors of another encoder must never be compared with them. */
    encoder: z.object({
      id: z.string().min(1),
      dimensions: z.number().int().positive(),
      windowCharacters: z.number().int().positive(),
    }),
    settings: onlineRouterSettingsSchema,
    /** Labels learned since the last reset. */
    labels: z.number().int().min(0),
    /** Sums for the calibration of the global router: count, sum of logits, of squared logits, of gains, of logit x gain. */
    calibration: z.object({
      count: z.number().min(0),
      logitSum: z.number(),
      logitSquares: z.number().min(0),
      gainSum: z.number(),
      logitGainSum: z.number(),
    }),
    memory: z.array(
      z.object({
        vector: quantisedVectorSchema,
        /** Labels merged into this item, with the sums of their gains and global-router logits. */
        weight: z.number().positive(),
        gainSum: z.number(),
        logitSum: z.number(),
      }),
    ),
    /** Running squared error of each (bandwidth, shrinkage) candidate on labels before they were learned. */
    errors: z.array(z.number().min(0)),
    /**
     * The latest labels with the score each had before it was learned (at most `outcomeCapacity`):
     * an honest sample of how the scores translate into quality, for choosing a threshold.
     */
    outcomes: z.array(z.object({ score: z.number().min(0).max(1), weak: z.number(), strong: z.number() })),
  })
  .refine((state) => state.outcomes.length <= outcomeCapacity, { error: 'too many remembered outcomes' })
  .refine((state) => state.memory.length <= state.settings.memoryCapacity, {
    error: 'more remembered prompts than the memory capacity',
  })
  .refine((state) => state.errors.length === state.settings.bandwidths.length * state.settings.shrinkages.length, {
    error: 'one running error per bandwidth and shrinkage is needed',
  });

export type OnlineRouterState = z.infer<typeof onlineRouterStateSchema>;
export type MemoryItem = OnlineRouterState['memory'][number];

/** Validates parsed JSON (a stored state); throws with the schema's complaint otherwise. */
export function parseOnlineRouterState(json: unknown): OnlineRouterState {
  const parsed = onlineRouterStateSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Invalid online router state: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
