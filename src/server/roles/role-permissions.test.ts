import { describe, expect, it } from 'vitest';
import { type RoleAccess, rolePermissionInputSchema, unlimitedLimit } from '../../contracts';
import { permissionsToStore, presentRole } from './role-permissions';

const plain: RoleAccess = { scopes: [], unlimited: false };
const administrator: RoleAccess = { scopes: ['admin'], unlimited: true };
const unlimitedAccess: RoleAccess = { scopes: [], unlimited: true };
const sent = (values: Record<string, unknown>) => rolePermissionInputSchema.parse(values);
const limited = {
  modelId: 'openai/gpt-4o-mini',
  isEnabled: true,
  maxTokensPerRequest: 500,
  monthlyTokenLimit: 9_000,
  costLimit: '2.50',
};
const unlimitedRow = {
  ...limited,
  maxTokensPerRequest: unlimitedLimit,
  monthlyTokenLimit: unlimitedLimit,
  costLimit: `${unlimitedLimit}.00`,
};

describe('permissionsToStore', () => {
  it('keeps what is sent for an ordinary role, omitted values at the new-role defaults', () => {
    expect(permissionsToStore(plain, [sent({ model_id: 'openai/gpt-4o-mini', isEnabled: false })], [])).toEqual([
      {
        modelId: 'openai/gpt-4o-mini',
        isEnabled: false,
        maxTokensPerRequest: 2000,
        monthlyTokenLimit: 100_000,
        costLimit: '50.00',
      },
    ]);
  });

  it('keeps no rows for administrators, who use every model by rule', () => {
    expect(permissionsToStore(administrator, [sent({ model_id: 'openai/gpt-4o-mini' })], [limited])).toEqual([]);
    expect(permissionsToStore({ scopes: ['admin', 'billing'], unlimited: false }, undefined, [limited])).toEqual([]);
  });

  it('makes every limit unlimited for an unlimited role, keeping the choice of models', () => {
    expect(
      permissionsToStore(
        unlimitedAccess,
        [sent({ model_id: 'openai/gpt-4o-mini', isEnabled: false, monthly_token_limit: 5 })],
        [],
      ),
    ).toEqual([
      {
        modelId: 'openai/gpt-4o-mini',
        isEnabled: false,
        maxTokensPerRequest: unlimitedLimit,
        monthlyTokenLimit: unlimitedLimit,
        costLimit: `${unlimitedLimit}.00`,
      },
    ]);
  });

  it('puts limits a former unlimited role left unlimited back to the defaults when nothing is sent', () => {
    expect(permissionsToStore(plain, undefined, [unlimitedRow])).toEqual([
      { ...limited, maxTokensPerRequest: 2000, monthlyTokenLimit: 100_000, costLimit: '50.00' },
    ]);
    expect(permissionsToStore(plain, undefined, [limited])).toEqual([limited]);
  });
});

describe('presentRole', () => {
  const role = {
    id: 'r',
    orgId: 'o',
    name: 'Admin',
    description: '',
    seededAs: 'admin' as const,
    shortenRepliesToFit: false,
    scopes: ['admin' as const],
    unlimited: true,
  };

  it('reports an administrator role, whatever its name, with every scope and every catalog model, unlimited', () => {
    const presented = presentRole({ ...role, name: 'Owners' }, [], ['a/one', 'b/two']);
    expect(presented.scopes).toEqual(['admin', 'user-management', 'model-management', 'billing']);
    expect(presented.unlimited).toBe(true);
    expect(presented.permissions).toEqual([
      {
        model_id: 'a/one',
        isEnabled: true,
        max_tokens_per_request: unlimitedLimit,
        monthly_token_limit: unlimitedLimit,
        cost_limit: unlimitedLimit,
      },
      {
        model_id: 'b/two',
        isEnabled: true,
        max_tokens_per_request: unlimitedLimit,
        monthly_token_limit: unlimitedLimit,
        cost_limit: unlimitedLimit,
      },
    ]);
  });

  it('reports other roles as stored, even one named Admin', () => {
    expect(
      presentRole(
        { ...role, name: 'Admin', seededAs: 'member', scopes: ['billing'], unlimited: false },
        [limited],
        ['a/one'],
      ).permissions,
    ).toEqual([
      {
        model_id: 'openai/gpt-4o-mini',
        isEnabled: true,
        max_tokens_per_request: 500,
        monthly_token_limit: 9_000,
        cost_limit: 2.5,
      },
    ]);
  });
});
