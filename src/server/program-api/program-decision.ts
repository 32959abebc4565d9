import type { RoutedRequest } from '../routing/route-request';
import type { ApiKeyCaller } from './program-api-context';

/** The decision-record fields of a program's routed request: like the chat's, with no session or message. */
export function routedDecision(route: RoutedRequest, caller: ApiKeyCaller) {
  return {
    orgId: caller.orgId,
    userId: caller.userId,
    sessionId: null,
    userMessageId: null,
    mode: route.mode,
    candidates: route.considered,
    routerScore: route.score?.value,
    routerThreshold: route.score?.threshold,
    promptKind: route.score?.kind,
    router: route.score?.router,
    globalRouterScore: route.score?.globalScore,
    referenceModelId: route.reference.id,
  };
}
