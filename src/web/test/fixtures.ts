import type { AuthResponse, User } from '@contracts';
import { storeTokens } from '../lib/token-storage';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    user_id: 'user-1',
    org_id: 'org-1',
    orgId: 'org-1',
    org_name: 'Acme',
    username: 'ada',
    email: 'ada@example.com',
    role: 'user',
    role_id: 'role-1',
    email_verified: true,
    email_verification_sent: true,
    two_factor_enabled: false,
    first_name: null,
    last_name: null,
    phone: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

export function makeAuthResponse(user: User = makeUser(), token = 'access-1'): AuthResponse {
  return { token, refresh_token: `refresh-for-${token}`, expires_at: inOneHour(), user };
}

export function signIn(token = 'access-1', expiresAt = inOneHour()): void {
  storeTokens({ token, refresh_token: `refresh-for-${token}`, expires_at: expiresAt });
}
