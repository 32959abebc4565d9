import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { qualityCalibrationSchema } from './quality-calibration';

/** The committed router, written by `npm run router:train`. */
export const defaultPromptRouterArtifactPath = fileURLToPath(
  new URL('./artifacts/prompt-router.json', import.meta.url),
);

const promptRouterArtifactSchema = z
  .object({
    format: z.literal('tokenwise-prompt-router/1'),
    /** The sentence encoder the router reads a window of each prompt with; null: text features only. */
    encoder: z
      .object({
        /** Must equal the SentenceEncoder id the router is given. */
        id: z.string().min(1),
        dimensions: z.number().int().positive(),
        /** Characters of the prompt the encoder reads (see encoderWindow). */
        windowCharacters: z.number().int().positive(),
      })
      .nullable(),
    textFeatureNames: z.array(z.string()),
    model: z.object({
      kind: z.literal('logistic-regression'),
      means: z.array(z.number()),
      scales: z.array(z.number().positive()),
      weights: z.array(z.number()),
      bias: z.number(),
    }),
    calibration: qualityCalibrationSchema,
    /** How it was trained (data, labels, settings, out-of-fold results): for people, not read by code. */
    training: z.record(z.string(), z.unknown()),
  })
  .refine(
    (artifact) => {
      const inputs = (artifact.encoder?.dimensions ?? 0) + artifact.textFeatureNames.length;
      return [artifact.model.means, artifact.model.scales, artifact.model.weights].every(
        (values) => values.length === inputs,
      );
    },
    { error: 'model sizes do not match the encoder dimensions (if any) plus the text features' },
  );

export type PromptRouterArtifact = z.infer<typeof promptRouterArtifactSchema>;

/** Validates parsed JSON as a router artifact; throws with the schema's complaint otherwise. */
export function parsePromptRouterArtifact(json: unknown): PromptRouterArtifact {
  const parsed = promptRouterArtifactSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Invalid prompt router artifact: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Reads and validates an artifact file (the committed one by default). */
export async function loadPromptRouterArtifact(
  filePath = defaultPromptRouterArtifactPath,
): Promise<PromptRouterArtifact> {
  return parsePromptRouterArtifact(JSON.parse(await readFile(filePath, 'utf8')));
}
