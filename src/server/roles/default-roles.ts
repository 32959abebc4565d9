import { newRolePermissionDefaults } from '../../contracts';
import type { SeededRoleKey } from '../db/schema';

/** Limits a new role gets per model (spec section 9). */
export const newRoleModelDefaults = {
  maxTokensPerRequest: newRolePermissionDefaults.max_tokens_per_request,
  monthlyTokenLimit: newRolePermissionDefaults.monthly_token_limit,
  costLimit: newRolePermissionDefaults.cost_limit,
} as const;

/**
 * Models a seeded "Member" role may use from day one: the embedded local model and the small,
 * cheap tier of each hosted provider. Admins widen this in role management. The manager roles
 * start with the same models (migration 0010 seeds them for organisations made before).
 */
export const memberDefaultModelIds = [
  'local/tinyllama-1.1b-chat',
  'openai/gpt-4o-mini',
  'anthropic/claude-3-5-haiku-latest',
  'google/gemini-2.0-flash',
] as const;

/** The roles every organisation starts with; the manager names give the scopes of spec section 6. */
export const seededRoles = {
  admin: { name: 'Admin', description: 'Full access to every model and every administration area.' },
  member: { name: 'Member', description: 'Chats with the everyday models within monthly limits.' },
  'user-manager': { name: 'User Manager', description: 'Adds people, changes their roles and sees their usage.' },
  'model-manager': {
    name: 'Model Manager',
    description: 'Looks after the models: routing policy and model analytics.',
  },
  'billing-manager': { name: 'Billing Manager', description: 'Looks after billing, the wallet and usage costs.' },
} as const satisfies Record<SeededRoleKey, { name: string; description: string }>;
