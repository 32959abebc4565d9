import type { Logger } from 'pino';
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
