import type { Context } from 'hono';
import type { ApiKeyKind } from '../../contracts';
import type { AppEnv, Caller } from '../http/context';

/**
 * Who a /v1 request acts as: a Caller like a signed-in person's, so the chat's code (models,
 * routing, limits, the wallet, usage records) takes it unchanged, and the key it came with. For a
 * personal key the user is its owner with their role now; for a service key, the key's principal
 * with the role it is bound to. `sessionId` is the key's id: a key stands in for a sign-in.
 */
export interface ApiKeyCaller extends Caller {
  apiKey: {
    id: string;
    name: string;
    /** `tw-` and the prefix, as the key lists show it. */
    prefix: string;
    kind: ApiKeyKind;
    /** The key's own setting; off, the semantic cache answers none of its requests. */
    cacheEnabled: boolean;
    /** Its monthly budget in picodollars; null: none beyond the role's limits and the wallet. */
    monthlyBudgetPicodollars: bigint | null;
  };
}

/** The /v1 router's context: the API key caller beside the request's usual variables. */
export interface ProgramApiEnv {
  Variables: AppEnv['Variables'] & { apiKeyCaller: ApiKeyCaller };
}

/** The API key caller of a /v1 route's request (the router's requireApiKey put it there). */
export function apiKeyCallerOf(context: Context<AppEnv>): ApiKeyCaller {
  const caller = (context as unknown as Context<ProgramApiEnv>).get('apiKeyCaller');
  if (!caller) throw new Error('A /v1 route ran without requireApiKey before it');
  return caller;
}
