import type { Executor } from '../db/database';
import type { UserRecord } from '../users/user-repository';

/**
 * What another part of the product (single sign-on, docs/decisions/045) says about passwords: an
 * organisation may make its identity provider the only way in. Absent, every password counts.
 */
export interface PasswordSignInPolicy {
  /**
   * Called once the password matched. Throws when this person must sign in through their
   * organisation's identity provider; otherwise may answer work to do in the sign-in's own
   * transaction (an administrator's break-glass sign-in is audited there).
   */
  judgePasswordSignIn(
    user: UserRecord,
    // Only the address (ClientInfo's shape, not imported: auth-dependencies.ts imports this file).
    client: { address: string },
  ): Promise<((executor: Executor) => Promise<void>) | undefined>;
  /** Throws when the address is at a domain whose organisation signs in with single sign-on only. */
  refusePasswordReset(email: string): Promise<void>;
}
