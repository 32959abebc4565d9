import { describe, expect, it } from 'vitest';
import { emptyNewKeyForm, validateBudget, validateNewKey } from './new-key-form';

const now = new Date('2026-11-27T12:00:00Z');

describe('the new API key form', () => {
  it('sends a name alone, or with an expiry (through the end of the day, UTC) and a budget in dollars', () => {
    expect(validateNewKey({ ...emptyNewKeyForm, name: 'Job' }, 'personal', now).values).toEqual({ name: 'Job' });
    expect(
      validateNewKey(
        { ...emptyNewKeyForm, name: 'Job', expires_on: '2026-12-31', monthly_budget_usd: ' 7.5 ' },
        'personal',
        now,
      ).values,
    ).toEqual({ name: 'Job', expires_at: '2026-12-31T23:59:59.999Z', monthly_budget_usd: 7.5 });
  });

  it.each([
    [{ name: ' ' }, 'name', 'Name is required'],
    [{ name: 'Job', monthly_budget_usd: 'ten' }, 'monthly_budget_usd', 'Monthly budget must be a number of dollars'],
    [{ name: 'Job', monthly_budget_usd: '-1' }, 'monthly_budget_usd', 'Monthly budget must be greater than 0'],
    [{ name: 'Job', expires_on: '2026-11-26' }, 'expires_on', 'Expiry must be in the future'],
  ] as const)('refuses %j', (typed, field, message) => {
    const { values, problems } = validateNewKey({ ...emptyNewKeyForm, ...typed }, 'personal', now);
    expect(values).toBeUndefined();
    expect(problems[field]).toBe(message);
  });

  it('asks a service key for its role', () => {
    expect(validateNewKey({ ...emptyNewKeyForm, name: 'Job' }, 'service', now).problems).toEqual({
      role_id: 'Role is required',
    });
    expect(validateNewKey({ ...emptyNewKeyForm, name: 'Job', role_id: 'role-1' }, 'service', now).values).toEqual({
      name: 'Job',
      role_id: 'role-1',
    });
  });

  it('reads a budget typed alone: dollars, or empty for none', () => {
    expect(validateBudget(' 12.5 ')).toEqual({ value: 12.5 });
    expect(validateBudget('')).toEqual({ value: null });
    expect(validateBudget('abc').problem).toBe('Monthly budget must be a number of dollars');
    expect(validateBudget('1.001').problem).toBe('Monthly budget must have at most 2 decimal places');
  });
});
