import type { RoutingQualityResponse } from '../../../contracts';
import { makeAdministrativeChange } from '../../audit/administrative-change';
import type { Database, Executor } from '../../db/database';
import type { Caller } from '../../http/context';
import type { OrganisationRouters } from './organisation-routers';
import { decidingLabels, readRouterState, resetRouterState, type StoredRouterState } from './router-state-repository';
import type { Logger } from 'pino';

export interface RouterStatusDependencies {
  db: Database;
  logger: Logger;
  organisationRouters?: OrganisationRouters;
}

type RouterStatus = RoutingQualityResponse['router'];

function statusOf(stored: StoredRouterState | undefined): RouterStatus {
  const labels = stored?.state.labels ?? 0;
  const decides = (stored?.state.outcomes.length ?? 0) >= decidingLabels;
  return {
    labels,
    labels_needed: decidingLabels,
    decides,
    deciding_since: decides ? (stored?.decidingSince?.toISOString() ?? null) : null,
    updated_at: stored?.updatedAt.toISOString() ?? null,
  };
}

/** The organisation's router as stored (not this instance's copy): what an administrator sees. */
export async function organisationRouterStatus(
  dependencies: { db: Executor; logger: Logger; organisationRouters?: OrganisationRouters },
  orgId: string,
): Promise<RouterStatus> {
  const routers = dependencies.organisationRouters;
  if (!routers) return statusOf(undefined);
  return statusOf(await readRouterState(dependencies.db, orgId, routers.encoder, dependencies.logger));
}

/**
 * Back to an empty router: the global router decides again until the organisation's router has
 * learned enough new labels. Audited; this instance's copy follows at once, the others within their refresh.
 */
export async function resetOrganisationRouter(dependencies: RouterStatusDependencies, caller: Caller): Promise<void> {
  const routers = dependencies.organisationRouters;
  if (!routers) return;
  const saved = await makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const before = await readRouterState(transaction, caller.orgId, routers.encoder, dependencies.logger);
    const reset = await resetRouterState(transaction, caller.orgId, routers.encoder);
    await record({
      action: 'routing.router_reset',
      targetType: 'routing',
      targetId: caller.orgId,
      before: { labels: before?.state.labels ?? 0 },
      after: { labels: 0 },
    });
    return reset;
  });
  routers.remember(caller.orgId, saved);
}
