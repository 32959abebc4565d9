import { AsyncLocalStorage } from 'node:async_hooks';

/** Whether the semantic cache answered: `off` when it was not asked (off for the organisation, or not configured). */
export type CacheOutcome = 'hit' | 'miss' | 'off';

/** What one HTTP request learns on its way, for its metrics and its overhead header. */
export interface RequestObservation {
  /** performance.now() when the request arrived. */
  startedAt: number;
  cache?: CacheOutcome;
  /** The model whose answer the response carries, and how long it took to send its first part (absent: from the cache). */
  answer?: { modelId: string; provider: string; upstreamMs?: number };
  /** An answer from the cache: what the model call it replaced would have cost, in US dollars, less the judge's. */
  cacheSavedUsd?: number;
}

const requests = new AsyncLocalStorage<RequestObservation>();

/** Runs a request's handling with its observation reachable from anything it calls. */
export function observeRequest<Result>(observation: RequestObservation, handle: () => Result): Result {
  return requests.run(observation, handle);
}

export function noteCacheOutcome(outcome: CacheOutcome): void {
  const observation = requests.getStore();
  if (observation) observation.cache = outcome;
}

export function noteAnswer(answer: NonNullable<RequestObservation['answer']>): void {
  const observation = requests.getStore();
  if (observation) observation.answer = answer;
}

/** The cache answered: no model was asked; `savedUsd` is what that saved. */
export function noteCacheHit(hit: { modelId: string; provider: string; savedUsd: number }): void {
  const observation = requests.getStore();
  if (!observation) return;
  observation.cache = 'hit';
  observation.answer = { modelId: hit.modelId, provider: hit.provider };
  observation.cacheSavedUsd = Math.max(0, hit.savedUsd);
}
