import { parsePicodollars } from '../../money';
import { and, eq } from 'drizzle-orm';
import { readCallerState } from '../caller-state/caller-state-registry';
import { isAdministrator, type ChatModel, type OrganisationSettings } from '../../contracts';
import { listAvailableModels, type CatalogModel } from '../../gateway';
import { rolePermissions, roles } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { type Caller, callerAccess } from '../http/context';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import type { BudgetLeaseBook } from './budget-lease-book';
import type { Database } from '../db/database';
import type { OrganisationProviders } from '../provider-keys/organisation-providers';
import { replyReserve } from './reply-reserve';
import type { UsableModel } from './usable-model';

export type { UsableModel } from './usable-model';

/** What reading a caller's models needs: the part of the conversation dependencies it uses. */
export interface ModelAccessDependencies {
  db: Database;
  /** Each organisation's credentials (its own keys over the instance's) and gateway. */
  providers: OrganisationProviders;
  catalog: readonly CatalogModel[];
  localModelEnabled: boolean;
  /**
   * This instance's budget leases (docs/decisions/073): what is taken of a limit counts their
   * room as held only as far as calls in progress hold it.
   */
  leases?: { book: BudgetLeaseBook };
}

type Dependencies = ModelAccessDependencies;

/**
 * Models available with the instance's credentials AND allowed by the caller's role: admin-named
 * roles get every one, other roles the models their permissions enable (spec section 6). Limits
 * are held to the organisation's `max_tokens_per_request` (read now unless given).
 */
export async function listUsableModels(
  dependencies: Dependencies,
  caller: Caller,
  settings?: OrganisationSettings,
): Promise<UsableModel[]> {
  const credentials = await dependencies.providers.credentialsFor(caller.orgId);
  const available = listAvailableModels(dependencies.catalog, credentials, {
    localModelEnabled: dependencies.localModelEnabled,
  });
  const ceiling = (settings ?? (await getOrganisationSettings(dependencies.db, caller.orgId))).max_tokens_per_request;
  if (isAdministrator(callerAccess(caller))) {
    return available.map((model) => ({
      model,
      ...promptLimit(promptCapacity(model), { bound: 'organisation', limit: ceiling }),
      replyTokenCap: Math.max(1, Math.min(ceiling, model.maxOutputTokens)),
    }));
  }
  const { permissions, role } = await readCallerState(
    dependencies.db,
    caller.orgId,
    `role-grants:${caller.roleId}`,
    () => readRoleGrants(dependencies, caller),
  );
  const permissionByModel = new Map(permissions.map((permission) => [permission.modelId, permission]));
  return available.flatMap((model) => {
    const permission = permissionByModel.get(model.id);
    if (!permission) return [];
    const { maxTokensPerRequest, monthlyTokenLimit, costLimit } = permission;
    const perRequest = Math.min(maxTokensPerRequest, ceiling);
    const policyLimit =
      maxTokensPerRequest <= ceiling
        ? { bound: 'role' as const, limit: maxTokensPerRequest }
        : { bound: 'organisation' as const, limit: ceiling };
    return [
      {
        model,
        ...promptLimit(promptCapacity(model), policyLimit),
        replyTokenCap: Math.max(1, Math.min(perRequest, model.maxOutputTokens)),
        monthlyTokenLimit,
        costLimitPicodollars: parsePicodollars(costLimit),
        shortenReplyToFit: role?.shortenRepliesToFit ?? false,
      },
    ];
  });
}

/** The role's enabled models with their limits, and whether it shortens replies to fit: held per role (docs/decisions/066). */
async function readRoleGrants(dependencies: Dependencies, caller: Caller) {
  const [permissions, [role]] = await Promise.all([
    dependencies.db
      .select({
        modelId: rolePermissions.modelId,
        maxTokensPerRequest: rolePermissions.maxTokensPerRequest,
        monthlyTokenLimit: rolePermissions.monthlyTokenLimit,
        costLimit: rolePermissions.costLimit,
      })
      .from(rolePermissions)
      .where(
        inOrganisation(
          rolePermissions.orgId,
          caller.orgId,
          and(eq(rolePermissions.roleId, caller.roleId), eq(rolePermissions.isEnabled, true)),
        ),
      ),
    dependencies.db
      .select({ shortenRepliesToFit: roles.shortenRepliesToFit })
      .from(roles)
      .where(inOrganisation(roles.orgId, caller.orgId, eq(roles.id, caller.roleId))),
  ]);
  return { permissions, role };
}

/** The smaller of the model's room and the policy's limit, and which one it is (the policy's on a tie). */
function promptLimit(
  capacity: number,
  policy: { bound: 'organisation' | 'role'; limit: number },
): Pick<UsableModel, 'maxTokensPerRequest' | 'maxTokensLimitedBy'> {
  return capacity < policy.limit
    ? { maxTokensPerRequest: capacity, maxTokensLimitedBy: 'model' }
    : { maxTokensPerRequest: policy.limit, maxTokensLimitedBy: policy.bound };
}

/**
 * The model's room for a prompt: its context window less the room kept for the reply (its
 * maximum output, at most half the window), the same budget the history is fitted to.
 */
export function promptCapacity(model: Pick<CatalogModel, 'contextWindow' | 'maxOutputTokens'>): number {
  return model.contextWindow - replyReserve(model);
}

export function presentModel(usable: UsableModel): ChatModel {
  return {
    model_id: usable.model.id,
    name: usable.model.displayName,
    provider: usable.model.provider,
    max_tokens: usable.maxTokensPerRequest,
    max_tokens_limited_by: usable.maxTokensLimitedBy,
  };
}
