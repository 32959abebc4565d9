import type { Logger } from 'pino';
import type { RoleAccess, Scope } from '../../contracts';
import type { Executor } from '../db/database';

/** What a signed-in request carries, read by routes and passed to services as plain data. */
export interface Caller {
  userId: string;
  orgId: string;
  sessionId: string;
  username: string;
  email: string;
  roleId: string;
  roleName: string;
  /** The role's stored scopes and unlimited flag, loaded with the caller: checks read these, never the name. */
  roleScopes: readonly Scope[];
  roleUnlimited: boolean;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    clientAddress: string;
    caller: Caller;
    /** On routes signed in provisionally, with a remembered caller: the check still to run before saving or answering (require-auth.ts). */
    signIn?: { confirm(executor?: Executor): Promise<Caller> };
    /** The JSON body did not parse; the route's validator refuses it after the sign-in checks (read-json-body.ts). */
    malformedJsonBody?: true;
  };
}

/** The caller's role as the scope rules read it. */
export function callerAccess(caller: Pick<Caller, 'roleScopes' | 'roleUnlimited'>): RoleAccess {
  return { scopes: caller.roleScopes, unlimited: caller.roleUnlimited };
}
