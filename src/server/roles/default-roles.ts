/** Limits a new role gets per model (spec section 9). */
export const newRoleModelDefaults = {
  maxTokensPerRequest: 2000,
  monthlyTokenLimit: 100_000,
  costLimit: 50,
} as const;

/**
 * Models a seeded "Member" role may use from day one: the embedded local model and the small,
 * cheap tier of each hosted provider. Admins widen this in role management.
 */
export const memberDefaultModelIds = [
  'local/tinyllama-1.1b-chat',
  'openai/gpt-4o-mini',
  'anthropic/claude-3-5-haiku-latest',
  'google/gemini-2.0-flash',
] as const;

export const seededRoles = {
  admin: { name: 'Admin', description: 'Full access to every model and every administration area.' },
  member: { name: 'Member', description: 'Chats with the everyday models within monthly limits.' },
} as const;
