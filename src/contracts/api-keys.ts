import { z } from 'zod';
import { organisationIdSchema, roleIdSchema, uuidField } from './ids';
import { text } from './text-rules';

// Organisation API keys (issue 23; docs/decisions/049): a person's own keys, acting as them, and
// service keys an administrator binds to a role. A key is shown once; only a keyed hash is kept.

/** How many keys may be live at once: per person for their own, per organisation for service keys. */
export const apiKeyLimits = {
  activePersonalKeysPerUser: 25,
  activeServiceKeysPerOrganisation: 100,
  longestExpiryDays: 3650,
  /** The largest monthly budget of one key, in dollars. */
  largestMonthlyBudgetUsd: 999_999.99,
} as const;

/** What every key starts with: `tw-` then its display prefix, `_`, and the secret. */
export const apiKeyMarker = 'tw-';

export const apiKeyMessages = {
  nameRequired: 'Name is required',
  expiryInvalid: 'Expiry must be a date and time, such as 2027-01-31T00:00:00Z',
  expiryInPast: 'Expiry must be in the future',
  expiryTooFar: `Expiry must be within ${apiKeyLimits.longestExpiryDays / 365} years`,
  budgetNumber: 'Monthly budget must be a number of dollars',
  budgetPositive: 'Monthly budget must be greater than 0',
  budgetCents: 'Monthly budget must have at most 2 decimal places',
  budgetTooLarge: `Monthly budget must be at most ${apiKeyLimits.largestMonthlyBudgetUsd.toLocaleString('en-US')}`,
  cacheEnabledBoolean: 'cache_enabled must be true or false',
  keyNotFound: 'API key not found',
  alreadyRevoked: 'This API key is already revoked.',
  tooManyPersonalKeys: `You can have at most ${apiKeyLimits.activePersonalKeysPerUser} active API keys. Revoke one you no longer use first.`,
  tooManyServiceKeys: `An organization can have at most ${apiKeyLimits.activeServiceKeysPerOrganisation} active service keys. Revoke one first.`,
  apiAccessOffForCreation:
    'API access is turned off for your organization, so API keys cannot be created. An administrator can turn it on in Organization Settings.',
  roleInUseByServiceKeys: (keys: number) =>
    `This role is used by ${keys} active service API ${keys === 1 ? 'key' : 'keys'}. Revoke ${keys === 1 ? 'it' : 'them'} before deleting the role.`,
  // Answers of the /v1 endpoints (OpenAI's and Anthropic's error shapes carry them).
  missingKey:
    "You didn't provide an API key. Send it as a bearer token (Authorization: Bearer tw-...) or in the x-api-key header.",
  invalidKey: 'Incorrect API key provided. Create or find your API keys in Profile Settings → API Keys.',
  revokedKey: 'This API key has been revoked. Create a new one in Profile Settings → API Keys.',
  expiredKey: (expiredAt: string) =>
    `This API key expired on ${expiredAt}. Create a new one in Profile Settings → API Keys.`,
  ownerRemoved: 'This API key no longer works: its owner is no longer in the organization.',
  apiAccessDisabled:
    'API access is turned off for this organization. An administrator can turn it on in Organization Settings.',
  addressNotAllowed: (address: string) =>
    `Your organization does not allow API keys to be used from this network address (${address}).`,
  budgetUsed: (budgetUsd: string, spentUsd: string, resetsOn: string) =>
    `This API key's monthly budget of ${budgetUsd} is used (${spentUsd} spent or held this month). It resets on ${resetsOn} at 00:00 UTC; an administrator can raise it in the API keys list.`,
  modelNotFound: (model: string) => `The model '${model}' does not exist or this API key may not use it.`,
  unknownEndpoint: (method: string, path: string) => `Unknown request URL: ${method} ${path}.`,
} as const;

const name = text({ label: 'Name', max: 100, required: apiKeyMessages.nameRequired });

/** An expiry: an ISO 8601 date and time (the server refuses one in the past); null or absent never expires. */
const expiresAt = z
  .string({ error: apiKeyMessages.expiryInvalid })
  .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && Number.isFinite(Date.parse(value)), {
    error: apiKeyMessages.expiryInvalid,
  })
  .nullable();

/** Dollars with whole cents, more than 0; null: no budget. Kept as integer microdollars. */
const monthlyBudget = z
  .number({ error: apiKeyMessages.budgetNumber })
  .refine((dollars) => Number.isFinite(dollars), { error: apiKeyMessages.budgetNumber })
  .refine((dollars) => dollars > 0, { error: apiKeyMessages.budgetPositive })
  .refine((dollars) => dollars <= apiKeyLimits.largestMonthlyBudgetUsd, { error: apiKeyMessages.budgetTooLarge })
  .refine((dollars) => Math.abs(Math.round(dollars * 100) - dollars * 100) < 1e-6, {
    error: apiKeyMessages.budgetCents,
  })
  .nullable();

const cacheEnabled = z.boolean({ error: apiKeyMessages.cacheEnabledBoolean });

/** POST /api-keys: a key of one's own, acting with one's role. */
export const createApiKeyRequestSchema = z.object({
  name,
  expires_at: expiresAt.optional(),
  monthly_budget_usd: monthlyBudget.optional(),
  /** Whether the semantic cache may answer this key's requests (default true). */
  cache_enabled: cacheEnabled.optional(),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** POST /org/{orgId}/api-keys: a service key bound to a role, with no person behind it (administrators). */
export const createServiceApiKeyRequestSchema = createApiKeyRequestSchema.extend({ role_id: roleIdSchema });
export type CreateServiceApiKeyRequest = z.infer<typeof createServiceApiKeyRequestSchema>;

/** PUT /api-keys/{keyId} and /org/{orgId}/api-keys/{keyId}: any of name, budget and cache setting. */
export const updateApiKeyRequestSchema = z.object({
  name: name.optional(),
  monthly_budget_usd: monthlyBudget.optional(),
  cache_enabled: cacheEnabled.optional(),
});
export type UpdateApiKeyRequest = z.infer<typeof updateApiKeyRequestSchema>;

export const apiKeyKinds = ['personal', 'service'] as const;
export type ApiKeyKind = (typeof apiKeyKinds)[number];
export const apiKeyStatuses = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];

/** What is ever shown of a key: never its secret or hash. */
export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `tw-` and the key's first characters, the same on every copy of it: how people recognise it. */
  prefix: z.string(),
  kind: z.enum(apiKeyKinds),
  /** The person a personal key acts as; null for a service key. */
  owner: z.object({ user_id: z.string(), username: z.string() }).nullable(),
  /** The role the key acts with now: its owner's, or the one a service key is bound to. */
  role: z.object({ id: z.string(), name: z.string() }),
  created_at: z.string(),
  created_by: z.string().nullable(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_address: z.string().nullable(),
  revoked_at: z.string().nullable(),
  status: z.enum(apiKeyStatuses),
  monthly_budget_usd: z.number().nullable(),
  /** What its calls cost since the first of this month (UTC), in dollars. */
  usage_this_month_usd: z.number(),
  cache_enabled: z.boolean(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeyViewSchema) });

/** The answer to a change or revocation: the key as it is now. */
export const apiKeyResponseSchema = z.object({ key: apiKeyViewSchema });

/** The answer to a creation: the key's view and its secret, shown this once. */
export const createdApiKeySchema = z.object({ key: apiKeyViewSchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const apiKeyIdSchema = uuidField('API key ID', 'API key ID is required');
export const apiKeyPathSchema = z.object({ keyId: apiKeyIdSchema });
export const organisationApiKeysPathSchema = z.object({ orgId: organisationIdSchema });
export const organisationApiKeyPathSchema = z.object({ orgId: organisationIdSchema, keyId: apiKeyIdSchema });

/** Revoked keys are left out of lists unless asked for. */
export const apiKeyListQuerySchema = z.object({
  include_revoked: z.enum(['true', 'false'], { error: "include_revoked must be 'true' or 'false'" }).optional(),
});
