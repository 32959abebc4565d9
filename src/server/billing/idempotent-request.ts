import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { subscriptionRequests } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { subscriptionMessages } from '../../contracts';
import { AppError } from '../http/app-error';

export interface IdempotentRequest {
  /** The Idempotency-Key header; without one the request simply runs. */
  key: string | undefined;
  /** The operation and its input: the same key sent with another request is refused (409). */
  fingerprint: string;
}

/**
 * Runs `work` once per organisation and key, inside the caller's transaction, which holds the
 * organisation's lock: a repeat (a double click, a retry, 20 copies at once) waits for the first
 * and gets its answer, and charges nothing more. A refusal is not kept, so a retry runs again.
 */
export async function onceForKey<Answer>(
  transaction: Executor,
  orgId: string,
  request: IdempotentRequest,
  work: () => Promise<Answer>,
): Promise<Answer> {
  if (request.key === undefined) return work();
  const [earlier] = await transaction
    .select()
    .from(subscriptionRequests)
    .where(inOrganisation(subscriptionRequests.orgId, orgId, eq(subscriptionRequests.idempotencyKey, request.key)));
  if (earlier) {
    if (earlier.fingerprint !== request.fingerprint)
      throw new AppError('conflict', subscriptionMessages.idempotencyKeyReused);
    return earlier.answer as Answer;
  }
  const answer = await work();
  await transaction
    .insert(subscriptionRequests)
    .values({ orgId, idempotencyKey: request.key, fingerprint: request.fingerprint, answer });
  return answer;
}
