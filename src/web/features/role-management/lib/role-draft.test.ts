import { unlimitedLimit, type Role } from '@contracts';
import { describe, expect, it } from 'vitest';
import type { CatalogModelEntry } from '../hooks/use-model-catalog';
import { draftFromRole, newRoleDraft, validateRoleDraft } from './role-draft';

const catalog: CatalogModelEntry[] = [
  { id: 'openai/gpt-4o', name: 'GPT-4o', group: 'GPT-4', reachable: true, keyProvider: 'openai', kind: 'chat' },
  {
    id: 'anthropic/claude-opus-4',
    name: 'Claude Opus 4',
    group: 'Claude',
    reachable: true,
    keyProvider: 'anthropic',
    kind: 'chat',
  },
];

describe('the role form draft', () => {
  it('starts a model the organisation cannot reach yet disabled', () => {
    const withGemini: CatalogModelEntry[] = [
      ...catalog,
      {
        id: 'google/gemini-2.5-pro',
        name: 'Gemini 2.5 Pro',
        group: 'PaLM/Gemini',
        reachable: false,
        keyProvider: 'google',
        kind: 'chat',
      },
    ];
    expect(newRoleDraft(withGemini).permissions.map((row) => [row.model_id, row.isEnabled])).toEqual([
      ['openai/gpt-4o', true],
      ['anthropic/claude-opus-4', true],
      ['google/gemini-2.5-pro', false],
    ]);
  });

  it('starts a new role with every model enabled at 2000 / 100000 / 50', () => {
    expect(newRoleDraft(catalog).permissions).toEqual([
      {
        model_id: 'openai/gpt-4o',
        isEnabled: true,
        max_tokens_per_request: '2000',
        monthly_token_limit: '100000',
        cost_limit: '50',
      },
      {
        model_id: 'anthropic/claude-opus-4',
        isEnabled: true,
        max_tokens_per_request: '2000',
        monthly_token_limit: '100000',
        cost_limit: '50',
      },
    ]);
  });

  it('loads a role, leaving catalog models it does not list disabled', () => {
    const role: Role = {
      id: 'r',
      role_id: 'r',
      org_id: 'o',
      name: 'Analyst',
      description: 'Reads',
      permissions: [
        {
          model_id: 'openai/gpt-4o',
          isEnabled: true,
          max_tokens_per_request: 100,
          monthly_token_limit: 500,
          cost_limit: 1.25,
        },
      ],
    };
    const draft = draftFromRole(role, catalog);
    expect(
      draft.permissions.map((row) => [row.model_id, row.isEnabled, row.monthly_token_limit, row.cost_limit]),
    ).toEqual([
      ['openai/gpt-4o', true, '500', '1.25'],
      ['anthropic/claude-opus-4', false, '100000', '50'],
    ]);
  });

  it('asks for a name and a description', () => {
    const result = validateRoleDraft(newRoleDraft(catalog));
    expect(result.problems).toMatchObject({ name: 'Role name is required', description: 'Description is required' });
  });

  it.each([
    ['max_tokens_per_request', '0', 'Max tokens per request must be at least 1'],
    ['monthly_token_limit', '0', 'Monthly token limit must be at least 1'],
    ['monthly_token_limit', '', 'Monthly token limit must be a number'],
    ['cost_limit', '-0.01', 'Cost limit must be at least 0'],
    ['cost_limit', '1.005', 'Cost limit must have at most 2 decimal places'],
  ] as const)('refuses %s = %j', (field, typed, message) => {
    const draft = { ...newRoleDraft(catalog), name: 'Analyst', description: 'Reads' };
    draft.permissions[1] = { ...draft.permissions[1]!, [field]: typed };
    expect(validateRoleDraft(draft).problems).toEqual({ [`permissions.1.${field}`]: message });
  });

  it('accepts a cost limit of 0 and keeps cents exact', () => {
    const draft = { ...newRoleDraft(catalog), name: 'Analyst', description: 'Reads' };
    draft.permissions[0] = { ...draft.permissions[0]!, cost_limit: '0', monthly_token_limit: '300' };
    draft.permissions[1] = { ...draft.permissions[1]!, cost_limit: '0.07' };
    expect(
      validateRoleDraft(draft).values?.permissions.map((row) => [row.monthly_token_limit, row.cost_limit]),
    ).toEqual([
      [300, 0],
      [100000, 0.07],
    ]);
  });

  it('gives an unlimited role unlimited values, whatever was typed, and sends its scopes', () => {
    const draft = { ...newRoleDraft(catalog, true), name: 'Research', description: 'Runs things', unlimited: true };
    draft.permissions[0] = { ...draft.permissions[0]!, monthly_token_limit: '' };
    const values = validateRoleDraft(draft).values;
    expect(values?.permissions[0]).toMatchObject({
      max_tokens_per_request: unlimitedLimit,
      monthly_token_limit: unlimitedLimit,
      cost_limit: unlimitedLimit,
    });
    expect(values).toMatchObject({ scopes: [], unlimited: true });
  });

  it("gives a name containing 'admin' nothing, and sends no scopes for someone who may not set them", () => {
    const draft = { ...newRoleDraft(catalog), name: 'Deputy ADMIN', description: 'Runs things' };
    const values = validateRoleDraft(draft).values;
    expect(values?.permissions[0]?.monthly_token_limit).toBe(100_000);
    expect(values).not.toHaveProperty('scopes');
    expect(values).not.toHaveProperty('unlimited');
  });
});
