/** A group of the identity provider and the role it gives. */
export interface GroupRole {
  groupName: string;
  roleId: string;
}

const normalise = (group: string) => group.trim().toLowerCase();

/** The role of the first mapping (in the administrator's order) whose group the person is in; undefined when none is. */
export function roleForGroups(mappings: readonly GroupRole[], groups: readonly string[]): string | undefined {
  const held = new Set(groups.map(normalise));
  return mappings.find((mapping) => held.has(normalise(mapping.groupName)))?.roleId;
}

/**
 * The groups a claim lists: an array of strings, or one string. A dotted name reaches into an
 * object ('realm_access.roles', as Keycloak sends roles); a claim literally named with dots wins.
 */
export function readGroupsClaim(claims: Record<string, unknown>, claim: string): string[] {
  let value: unknown = claims[claim];
  if (value === undefined && claim.includes('.')) {
    value = claim
      .split('.')
      .reduce<unknown>(
        (inner, key) =>
          typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>)[key] : undefined,
        claims,
      );
  }
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}
