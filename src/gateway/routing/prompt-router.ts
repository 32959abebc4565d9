import type { LazyPromptEmbedding } from '../cache/lazy-prompt-embedding';
import type { SentenceEncoder } from '../embeddings/sentence-encoder';
import { buildFeatureRow } from './feature-vector';
import { embedInLengthOrder } from './length-ordered-embedding';
import type { PromptRouterArtifact } from './router-artifact';
import { encoderWindow } from './routing-text';
import { textFeatureNames } from './text-features';
import { predictLogistic } from './training/logistic-regression';

export interface PromptRouter {
  readonly artifact: PromptRouterArtifact;
  /**
   * One score in 0..1 per prompt, in input order: higher means the prompt needs the strong model
   * more. `shared[i]`, the request's own embedding of a prompt, is used for prompt `i` when it comes
   * from the router's encoder and covers exactly the router's window, instead of embedding it again.
   */
  score(prompts: readonly string[], shared?: readonly (LazyPromptEmbedding | undefined)[]): Promise<number[]>;
}

export interface PromptRouterOptions {
  /** Needed only by an artifact trained with an encoder (artifact.encoder not null). */
  encoder?: SentenceEncoder;
  artifact: PromptRouterArtifact;
}

/**
 * The learned router: the text features of the whole prompt (and, for an artifact trained with
 * one, the embedding of a window of it) through the trained model. Refuses an encoder or a feature
 * list other than the one the artifact was trained with, since its weights would then mean nothing.
 */
export function createPromptRouter({ encoder, artifact }: PromptRouterOptions): PromptRouter {
  const trainedEncoder = artifact.encoder;
  if (trainedEncoder && (encoder?.id !== trainedEncoder.id || encoder.dimensions !== trainedEncoder.dimensions))
    throw new Error(`The router was trained on encoder ${trainedEncoder.id}, not ${encoder?.id ?? 'none'}`);
  if (artifact.textFeatureNames.join() !== textFeatureNames.join())
    throw new Error('The router artifact was trained on other text features: retrain it with npm run router:train');

  return {
    artifact,
    async score(prompts, shared = []) {
      if (!trainedEncoder)
        return prompts.map((prompt) => predictLogistic(artifact.model, buildFeatureRow(undefined, prompt)));
      const windows = prompts.map((prompt) => encoderWindow(prompt, trainedEncoder.windowCharacters));
      const reusable = windows.map((window, index) => {
        const embedding = shared[index];
        return embedding?.encoderId === trainedEncoder.id && embedding.text === window ? embedding : undefined;
      });
      const missing = windows.filter((_, index) => !reusable[index]);
      const embedded = missing.length > 0 ? await embedInLengthOrder(encoder!, missing) : [];
      let next = 0;
      const embeddings = await Promise.all(
        reusable.map((embedding) => embedding?.vector() ?? Promise.resolve(embedded[next++]!)),
      );
      return prompts.map((prompt, index) =>
        predictLogistic(artifact.model, buildFeatureRow(embeddings[index]!, prompt)),
      );
    },
  };
}
