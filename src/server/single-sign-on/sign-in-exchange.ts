import { singleSignOnFailures, singleSignOnMessages, type AuthResponse } from '../../contracts';
import type { ClientInfo } from '../auth/auth-dependencies';
import { hashOpaqueToken } from '../auth/opaque-tokens';
import { issueSignIn } from '../auth/session-service';
import { forbidden, unauthorized } from '../http/app-error';
import { mayAuthenticate } from '../users/account-standing';
import { findUser } from '../users/user-repository';
import { markSessionSignedInWithSingleSignOn, takeHandoff } from './attempt-repository';
import type { SingleSignOnDependencies } from './single-sign-on-dependencies';

/**
 * Trades the callback's one-time handoff code, from the browser that started the sign-in, for the
 * same tokens a password sign-in gives (the session service issues them). The sign-in is marked as
 * made through the identity provider, whose business two-factor authentication then is.
 */
export async function exchangeHandoff(
  dependencies: SingleSignOnDependencies,
  handoff: string,
  browserBinding: string | undefined,
  client: ClientInfo,
): Promise<AuthResponse> {
  const { db, auth } = dependencies;
  if (!browserBinding) throw unauthorized(singleSignOnMessages.handoffExpired);
  const attempt = await takeHandoff(
    db,
    { handoffHash: hashOpaqueToken(handoff), browserBindingHash: hashOpaqueToken(browserBinding) },
    new Date(),
  );
  if (!attempt?.userId) throw unauthorized(singleSignOnMessages.handoffExpired);
  const user = await findUser(db, attempt.orgId, attempt.userId);
  if (!user || !mayAuthenticate(user.status)) throw forbidden(singleSignOnFailures.account_deactivated);
  return db.transaction(async (transaction) => {
    const response = await issueSignIn(auth, transaction, user, client);
    const claims = await auth.accessTokens.verify(response.token);
    if (claims) await markSessionSignedInWithSingleSignOn(transaction, user.orgId, claims.sessionId);
    return response;
  });
}
