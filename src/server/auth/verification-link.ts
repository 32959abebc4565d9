import type { Executor } from '../db/database';
import { updateUser } from '../users/user-repository';
import { issueOneTimeToken } from './one-time-token-repository';

/**
 * Issues a link token to verify someone's address and notes that one was sent: the web app asks
 * people to follow "the link we sent" only when there is one (issue 21 item 8).
 */
export async function issueVerificationLink(
  executor: Executor,
  person: { orgId: string; userId: string },
  now = new Date(),
): Promise<string> {
  const token = await issueOneTimeToken(executor, { ...person, purpose: 'verify_email' }, now);
  await updateUser(executor, person.orgId, person.userId, { verificationEmailSentAt: now });
  return token;
}
