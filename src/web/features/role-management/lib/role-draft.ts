import {
  createRoleRequestSchema,
  newRolePermissionDefaults,
  roleScopesSchema,
  rolePermissionInputSchema,
  text,
  unlimitedLimit,
  type Role,
  type RolePermissionInput,
  type Scope,
} from '@contracts';
import { z } from 'zod';
import type { CatalogModelEntry } from '../hooks/use-model-catalog';

/** One model's row of the role form, as typed. */
export interface PermissionDraft {
  model_id: string;
  isEnabled: boolean;
  max_tokens_per_request: string;
  monthly_token_limit: string;
  cost_limit: string;
}

export interface RoleDraft {
  name: string;
  description: string;
  permissions: PermissionDraft[];
  /** A reply may be shortened to what is left of a monthly limit instead of refused (docs/decisions/051). */
  shorten_replies_to_fit: boolean;
  /** The scopes the role grants and whether it is unlimited, as stored (docs/decisions/059). */
  scopes: Scope[];
  unlimited: boolean;
  /** Only administrators change scopes; for anyone else they are shown and never sent. */
  mayEditScopes: boolean;
}

const descriptionRequired = 'Description is required';

/** The role form asks for a description too (spec section 5); the rest is the server's own schema. */
const roleFormSchema = z.object({
  name: createRoleRequestSchema.shape.name,
  description: text({ label: 'Description', max: 500, kind: 'multi-line', required: descriptionRequired }),
  permissions: z.array(rolePermissionInputSchema),
  shorten_replies_to_fit: z.boolean(),
  scopes: roleScopesSchema.optional(),
  unlimited: z.boolean().optional(),
});

export type RoleFormValues = z.infer<typeof roleFormSchema>;
/** Messages by field path: 'name', 'description', 'permissions.3.cost_limit'. */
export type RoleFormProblems = Record<string, string>;

const defaultRow = (modelId: string, isEnabled: boolean): PermissionDraft => ({
  model_id: modelId,
  isEnabled,
  max_tokens_per_request: String(newRolePermissionDefaults.max_tokens_per_request),
  monthly_token_limit: String(newRolePermissionDefaults.monthly_token_limit),
  cost_limit: String(newRolePermissionDefaults.cost_limit),
});

/**
 * Spec section 4: a new role starts with every model enabled at the new-role limits: every chat
 * model the organisation can reach; one that needs a key first starts disabled. Embedding models
 * start disabled, as the server's default list leaves them out: programs' embeddings are granted
 * on purpose.
 */
export function newRoleDraft(catalog: readonly CatalogModelEntry[], mayEditScopes = false): RoleDraft {
  return {
    scopes: [],
    unlimited: false,
    mayEditScopes,
    name: '',
    description: '',
    permissions: catalog.map((model) => defaultRow(model.id, model.reachable && model.kind === 'chat')),
    // The server's default for a new role: refuse what does not fit, saying why.
    shorten_replies_to_fit: false,
  };
}

/** Editing loads the role; a catalog model it does not list starts disabled with the defaults. */
export function draftFromRole(role: Role, catalog: readonly CatalogModelEntry[], mayEditScopes = false): RoleDraft {
  const own = new Map(role.permissions.map((permission) => [permission.model_id, permission]));
  const ids = [
    ...catalog.map((model) => model.id),
    ...role.permissions
      .map((permission) => permission.model_id)
      .filter((id) => !catalog.some((model) => model.id === id)),
  ];
  return {
    name: role.name,
    description: role.description,
    shorten_replies_to_fit: role.shorten_replies_to_fit ?? false,
    scopes: [...(role.scopes ?? [])],
    unlimited: role.unlimited ?? false,
    mayEditScopes,
    permissions: ids.map((modelId) => {
      const permission = own.get(modelId);
      if (!permission) return defaultRow(modelId, false);
      return {
        model_id: modelId,
        isEnabled: permission.isEnabled,
        max_tokens_per_request: String(permission.max_tokens_per_request),
        monthly_token_limit: String(permission.monthly_token_limit),
        cost_limit: String(permission.cost_limit),
      };
    }),
  };
}

const asNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

/** Administrators and roles marked unlimited use every model without limits. */
export function draftIsUnlimited(draft: Pick<RoleDraft, 'scopes' | 'unlimited'>): boolean {
  return draft.unlimited || draft.scopes.includes('admin');
}

/** An unlimited role gets the largest safe integer for every limit (spec section 5). */
function permissionValues(draft: RoleDraft): RolePermissionInput[] {
  const unlimited = draftIsUnlimited(draft);
  return draft.permissions.map((row) => ({
    model_id: row.model_id,
    isEnabled: row.isEnabled,
    max_tokens_per_request: unlimited ? unlimitedLimit : asNumber(row.max_tokens_per_request),
    monthly_token_limit: unlimited ? unlimitedLimit : asNumber(row.monthly_token_limit),
    cost_limit: unlimited ? unlimitedLimit : asNumber(row.cost_limit),
  }));
}

export type RoleFormResult =
  | { values: RoleFormValues; problems?: undefined }
  | { values?: undefined; problems: RoleFormProblems };

export function validateRoleDraft(draft: RoleDraft): RoleFormResult {
  const parsed = roleFormSchema.safeParse({
    name: draft.name,
    description: draft.description,
    permissions: permissionValues(draft),
    shorten_replies_to_fit: draft.shorten_replies_to_fit,
    ...(draft.mayEditScopes ? { scopes: draft.scopes, unlimited: draftIsUnlimited(draft) } : {}),
  });
  if (parsed.success) return { values: parsed.data };
  const problems: RoleFormProblems = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    problems[path] ??= issue.message;
  }
  return { problems };
}
