import {
  grantedScopes,
  isAdministrator,
  messages,
  type RoleAccess,
  unlimitedLimit,
  type Role,
  type RolePermissionInput,
} from '../../contracts';
import { centsDecimal, centsOf, usdNumberOf } from '../../money';
import { validationFailed } from '../http/app-error';
import type { StoredPermission } from './role-permission-repository';
import type { RoleRecord } from './role-repository';
import { newRoleModelDefaults } from './default-roles';

/** A cost limit sent as dollars (at most 2 decimals, checked by the contract) as the column's text. */
const costLimitText = (dollars: number) => centsDecimal(centsOf(dollars));

const unlimited = {
  maxTokensPerRequest: unlimitedLimit,
  monthlyTokenLimit: unlimitedLimit,
  costLimit: costLimitText(unlimitedLimit),
} as const;

/** Refuses a permission naming a model the catalog does not have, naming it. */
export function refuseUnknownModels(
  permissions: readonly RolePermissionInput[] | undefined,
  catalogModelIds: ReadonlySet<string>,
): void {
  const unknown = permissions?.find((permission) => !catalogModelIds.has(permission.model_id));
  if (unknown)
    throw validationFailed(messages.unknownModel(unknown.model_id), {
      permissions: messages.unknownModel(unknown.model_id),
    });
}

/** What a new role gets without a list: every catalog model enabled with the new-role limits (spec sections 4 and 9). */
export function everyModelWithDefaults(catalogModelIds: Iterable<string>): StoredPermission[] {
  return [...catalogModelIds].map((modelId) => ({ modelId, isEnabled: true, ...newRoleModelDefaults }));
}

/**
 * The rows to keep for a role granting `access`, from the list sent or else `current`:
 * - administrators use every model without limits by rule (spec section 6): no rows;
 * - other unlimited roles keep their choice of models, every limit the largest safe integer (spec section 5);
 * - any other role keeps its limits, except that limits left unlimited by a former unlimited role
 *   (nothing sent with the change) go back to the new-role defaults.
 */
export function permissionsToStore(
  access: RoleAccess,
  sent: readonly RolePermissionInput[] | undefined,
  current: readonly StoredPermission[],
): StoredPermission[] {
  if (isAdministrator(access)) return [];
  const chosen: StoredPermission[] = sent
    ? sent.map((permission) => ({
        modelId: permission.model_id,
        isEnabled: permission.isEnabled,
        maxTokensPerRequest: permission.max_tokens_per_request,
        monthlyTokenLimit: permission.monthly_token_limit,
        costLimit: costLimitText(permission.cost_limit),
      }))
    : current.map((permission) => ({ ...permission }));
  if (access.unlimited) return chosen.map((permission) => ({ ...permission, ...unlimited }));
  if (sent) return chosen;
  return chosen.map((permission) => ({
    ...permission,
    maxTokensPerRequest:
      permission.maxTokensPerRequest === unlimitedLimit
        ? newRoleModelDefaults.maxTokensPerRequest
        : permission.maxTokensPerRequest,
    monthlyTokenLimit:
      permission.monthlyTokenLimit === unlimitedLimit
        ? newRoleModelDefaults.monthlyTokenLimit
        : permission.monthlyTokenLimit,
    costLimit:
      centsOf(permission.costLimit) === centsOf(unlimited.costLimit)
        ? newRoleModelDefaults.costLimit
        : permission.costLimit,
  }));
}

/** The role as spec section 3 has it, with its stored scopes; administrators report every catalog model, unlimited. */
export function presentRole(
  role: RoleRecord,
  stored: readonly StoredPermission[],
  catalogModelIds: Iterable<string>,
): Role {
  const permissions = isAdministrator(role)
    ? [...catalogModelIds].map((modelId) => ({ modelId, isEnabled: true, ...unlimited }))
    : stored;
  return {
    id: role.id,
    role_id: role.id,
    org_id: role.orgId,
    name: role.name,
    description: role.description,
    shorten_replies_to_fit: role.shortenRepliesToFit,
    scopes: grantedScopes(role),
    unlimited: role.unlimited || isAdministrator(role),
    // By model id in code point order, whatever the database's collation.
    permissions: [...permissions]
      .sort((first, second) => (first.modelId < second.modelId ? -1 : first.modelId > second.modelId ? 1 : 0))
      .map((permission) => ({
        model_id: permission.modelId,
        isEnabled: permission.isEnabled,
        max_tokens_per_request: permission.maxTokensPerRequest,
        monthly_token_limit: permission.monthlyTokenLimit,
        cost_limit: usdNumberOf(permission.costLimit),
      })),
  };
}
