import { roleGrantsScope, type Scope, type User } from '@contracts';

/**
 * Whether the signed-in person's role grants the scope by the scopes the server sent with their
 * profile (docs/decisions/059), never by the role's name; a profile without them grants nothing.
 */
export function userGrantsScope(user: User | null, scope: Scope): boolean {
  return user !== null && roleGrantsScope({ scopes: user.scopes ?? [] }, scope);
}
