import path from 'node:path';
import type { SentenceEncoder } from '../../src/gateway/embeddings/sentence-encoder';
import { defaultRouterEncoder, type RouterObservation } from '../../src/gateway/routing/learning/online-router';
import { createPromptRouter } from '../../src/gateway/routing/prompt-router';
import { loadPromptRouterArtifact } from '../../src/gateway/routing/router-artifact';
import { encoderWindow } from '../../src/gateway/routing/routing-text';
import { repositoryRoot } from '../support/shared-data-dir';
import { embedWithCache } from './embedding-cache';

/** Vectors of the replay benchmark's prompts, kept under .tmp/ (gitignored) between runs. */
export const replayEmbeddingCacheDir = path.join(repositoryRoot, '.tmp', 'learning', 'embeddings');

/**
 * What `router:replay` reads of each prompt (its encoder window's embedding and the global
 * router's score), computed in bulk for the benchmark report: the same values the command
 * computes line by line, so an in-process replay gives the command's scores.
 */
export async function routerObservations(
  prompts: readonly string[],
  encoder: SentenceEncoder,
): Promise<RouterObservation[]> {
  const windows = prompts.map((prompt) => encoderWindow(prompt, defaultRouterEncoder.windowCharacters));
  const embeddings = await embedWithCache(encoder, windows, replayEmbeddingCacheDir);
  const staticRouter = createPromptRouter({ artifact: await loadPromptRouterArtifact() });
  const staticScores = await staticRouter.score(prompts);
  return prompts.map((_, index) => ({ embedding: embeddings[index]!, staticScore: staticScores[index]! }));
}
