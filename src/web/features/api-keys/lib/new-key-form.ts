import { createApiKeyRequestSchema, type CreateApiKeyRequest } from '@contracts';

/** The new key form as typed: the expiry a calendar day ('' never), the budget dollars as text ('' none). */
export interface NewKeyForm {
  name: string;
  expires_on: string;
  monthly_budget_usd: string;
  /** Service keys only. */
  role_id: string;
}

export type NewKeyField = keyof NewKeyForm;
export const emptyNewKeyForm: NewKeyForm = { name: '', expires_on: '', monthly_budget_usd: '', role_id: '' };

/** A day picked as the expiry: the key works through the end of that day (UTC). */
function expiryOfDay(day: string): string {
  return `${day}T23:59:59.999Z`;
}

const fieldOf: Record<string, NewKeyField> = {
  name: 'name',
  expires_at: 'expires_on',
  monthly_budget_usd: 'monthly_budget_usd',
};

/** The request the form makes (with the chosen role for a service key), or each field's problem in the server's words. */
export function validateNewKey(
  form: NewKeyForm,
  kind: 'personal' | 'service',
  now = new Date(),
): { values?: CreateApiKeyRequest & { role_id?: string }; problems: Partial<Record<NewKeyField, string>> } {
  const budget = form.monthly_budget_usd.trim();
  const request = {
    name: form.name,
    ...(form.expires_on ? { expires_at: expiryOfDay(form.expires_on) } : {}),
    ...(budget ? { monthly_budget_usd: Number(budget) } : {}),
  };
  const problems: Partial<Record<NewKeyField, string>> = {};
  const parsed = createApiKeyRequestSchema.safeParse(request);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fieldOf[String(issue.path[0])];
      if (field) problems[field] ??= issue.message;
    }
  if (request.expires_at && Date.parse(request.expires_at) <= now.getTime())
    problems.expires_on ??= 'Expiry must be in the future';
  if (kind === 'service' && form.role_id === '') problems.role_id = 'Role is required';
  if (!parsed.success || Object.keys(problems).length > 0) return { problems };
  return { values: { ...parsed.data, ...(kind === 'service' ? { role_id: form.role_id } : {}) }, problems };
}

/** A budget typed on its own (changing a key's): dollars, or '' for none, checked as on creation. */
export function validateBudget(typed: string): { value: number | null; problem?: string } {
  if (typed.trim() === '') return { value: null };
  const parsed = createApiKeyRequestSchema.shape.monthly_budget_usd.safeParse(Number(typed.trim()));
  if (!parsed.success) return { value: null, problem: parsed.error.issues[0]?.message };
  return { value: parsed.data ?? null };
}
