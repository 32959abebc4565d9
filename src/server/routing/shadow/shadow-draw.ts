import { createHash } from 'node:crypto';

/**
 * The decision's own draw, uniform in [0, 1): a hash of its id, so whether a reply is sampled is
 * fixed by the decision alone (the same on every instance and in a re-run), never by its answer.
 */
export function shadowDraw(decisionId: string): number {
  const digest = createHash('sha256').update(`shadow-evaluation:${decisionId}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** Whether a decision is sampled at `rate` (0: never; 1: always). */
export function isSampled(decisionId: string, rate: number): boolean {
  return rate > 0 && shadowDraw(decisionId) < rate;
}
