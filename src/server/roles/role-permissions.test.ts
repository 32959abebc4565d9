import { describe, expect, it } from 'vitest';
import { rolePermissionInputSchema, unlimitedLimit } from '../../contracts';
import { permissionsToStore, presentRole } from './role-permissions';

const sent = (values: Record<string, unknown>) => rolePermissionInputSchema.parse(values);
const limited = {
  modelId: 'openai/gpt-4o-mini',
  isEnabled: true,
  maxTokensPerRequest: 500,
  monthlyTokenLimit: 9_000,
  costLimit: 2.5,
};
const unlimitedRow = {
  ...limited,
  maxTokensPerRequest: unlimitedLimit,
  monthlyTokenLimit: unlimitedLimit,
  costLimit: unlimitedLimit,
};

describe('permissionsToStore', () => {
  it('keeps what is sent for an ordinary role, omitted values at the new-role defaults', () => {
    expect(permissionsToStore('Analyst', [sent({ model_id: 'openai/gpt-4o-mini', isEnabled: false })], [])).toEqual([
      {
        modelId: 'openai/gpt-4o-mini',
        isEnabled: false,
        maxTokensPerRequest: 2000,
        monthlyTokenLimit: 100_000,
        costLimit: 50,
      },
    ]);
  });

  it('keeps no rows for Admin and Super Admin, who use every model by rule', () => {
    expect(permissionsToStore('admin', [sent({ model_id: 'openai/gpt-4o-mini' })], [limited])).toEqual([]);
    expect(permissionsToStore('Super ADMIN', undefined, [limited])).toEqual([]);
  });

  it('makes every limit unlimited for a name containing admin, keeping the choice of models', () => {
    expect(
      permissionsToStore(
        'Sales Administrators',
        [sent({ model_id: 'openai/gpt-4o-mini', isEnabled: false, monthly_token_limit: 5 })],
        [],
      ),
    ).toEqual([
      {
        modelId: 'openai/gpt-4o-mini',
        isEnabled: false,
        maxTokensPerRequest: unlimitedLimit,
        monthlyTokenLimit: unlimitedLimit,
        costLimit: unlimitedLimit,
      },
    ]);
  });

  it('puts limits a former admin-like name left unlimited back to the defaults when nothing is sent', () => {
    expect(permissionsToStore('Sales', undefined, [unlimitedRow])).toEqual([
      { ...limited, maxTokensPerRequest: 2000, monthlyTokenLimit: 100_000, costLimit: 50 },
    ]);
    expect(permissionsToStore('Sales', undefined, [limited])).toEqual([limited]);
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
  };

  it('reports Admin with every catalog model, unlimited', () => {
    expect(presentRole(role, [], ['a/one', 'b/two']).permissions).toEqual([
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

  it('reports other roles as stored', () => {
    expect(presentRole({ ...role, name: 'Member', seededAs: 'member' }, [limited], ['a/one']).permissions).toEqual([
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
