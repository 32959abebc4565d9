import type { OrganisationUser, UserModelUsage } from '@contracts';

interface ModelUsage {
  model_id: string;
  tokens_used: number;
  cost: number;
  requests: number;
}

/** Spec section 3's managed user, built from the org users list joined with this month's usage. */
export interface ManagedUser {
  user_id: string;
  username: string;
  email: string;
  role: string;
  role_id: string;
  /** 'active', or 'pending_activation' / 'pending_verification' for someone invited who has not joined yet. */
  status: string;
  monthly_usage: ModelUsage[];
  total_tokens: number;
  total_cost: number;
}

export function buildManagedUsers(users: readonly OrganisationUser[], usage: readonly UserModelUsage[]): ManagedUser[] {
  const usageByUser = new Map(usage.map((entry) => [entry.user_id, entry]));
  return users.map((user) => {
    const own = usageByUser.get(user.id);
    return {
      user_id: user.id,
      username: user.name,
      email: user.email,
      role: user.role_name,
      role_id: user.role_id,
      status: user.status,
      monthly_usage: own?.monthly_usage ?? [],
      total_tokens: own?.total_tokens ?? 0,
      total_cost: own?.total_cost ?? 0,
    };
  });
}

export const allRoles = '';

/** The role filter offers the roles people hold (spec section 2). */
export function rolesPresent(users: readonly ManagedUser[]): string[] {
  return [...new Set(users.map((user) => user.role))].sort((first, second) => first.localeCompare(second));
}

/** Search matches the name or e-mail address, whatever the case; the role filter the role exactly. */
export function filterUsers(users: readonly ManagedUser[], search: string, role: string): ManagedUser[] {
  const needle = search.trim().toLowerCase();
  return users.filter(
    (user) =>
      (role === allRoles || user.role === role) &&
      (needle === '' || user.username.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle)),
  );
}

/** Models the person used this month. */
export function modelsUsed(user: ManagedUser): number {
  return user.monthly_usage.filter((usage) => usage.tokens_used > 0 || usage.requests > 0).length;
}

/** Invited and not joined yet: they have not chosen their password. */
export function isInvited(user: Pick<ManagedUser, 'status'>): boolean {
  return user.status === 'pending_activation' || user.status === 'pending_verification';
}
