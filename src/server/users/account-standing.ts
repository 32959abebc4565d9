import type { UserStatus } from '../db/schema';

/**
 * The one rule every way in asks of an account: only an active one may authenticate. Not one
 * still pending, deactivated by the organisation's directory (SCIM active=false), or removed.
 * Password sign-in, refresh and every signed-in request check `status = 'active'` in their own
 * statements (login-service.ts, refresh-service.ts, session-repository.ts); single sign-on and SCIM call this; API
 * keys, when they come, call `mayAccountAuthenticate` with the key's user.
 */
export function mayAuthenticate(status: UserStatus): boolean {
  return status === 'active';
}
