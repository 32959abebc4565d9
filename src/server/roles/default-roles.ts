import { newRolePermissionDefaults, type Scope, scopes } from '../../contracts';
import { centsDecimal, centsOf } from '../../money';
import type { SeededRoleKey } from '../db/schema';

/** Limits a new role gets per model (spec section 9). */
export const newRoleModelDefaults = {
  maxTokensPerRequest: newRolePermissionDefaults.max_tokens_per_request,
  monthlyTokenLimit: newRolePermissionDefaults.monthly_token_limit,
  costLimit: centsDecimal(centsOf(newRolePermissionDefaults.cost_limit)),
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

/** The roles every organisation starts with, with the scopes of spec section 6 stored on them (docs/decisions/059). */
export const seededRoles: Record<
  SeededRoleKey,
  { name: string; description: string; scopes: Scope[]; unlimited: boolean }
> = {
  admin: {
    name: 'Admin',
    description: 'Full access to every model and every administration area.',
    scopes: [...scopes],
    unlimited: true,
  },
  member: {
    name: 'Member',
    description: 'Chats with the everyday models within monthly limits.',
    scopes: [],
    unlimited: false,
  },
  'user-manager': {
    name: 'User Manager',
    description: 'Adds people, changes their roles and sees their usage.',
    scopes: ['user-management'],
    unlimited: false,
  },
  'model-manager': {
    name: 'Model Manager',
    description: 'Looks after the models: routing policy and model analytics.',
    scopes: ['model-management'],
    unlimited: false,
  },
  'billing-manager': {
    name: 'Billing Manager',
    description: 'Looks after billing, the wallet and usage costs.',
    scopes: ['billing'],
    unlimited: false,
  },
};
