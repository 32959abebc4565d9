import type { ScimGroupRecord } from './scim-group-repository';
import { groupSchema } from './scim-group-repository';
import type { ScimUserRecord } from './scim-user-repository';
import { userSchema } from './scim-user-repository';

const listResponseSchema = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** A person as RFC 7643 section 4.1 describes one; `groups` is read-only, from the directory's groups. */
export function userResource(
  user: ScimUserRecord,
  groups: { id: string; displayName: string }[],
  baseUrl: string,
): Record<string, unknown> {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return {
    schemas: [userSchema],
    id: user.id,
    ...(user.externalId ? { externalId: user.externalId } : {}),
    userName: user.username,
    name: {
      ...(name ? { formatted: name } : {}),
      ...(user.firstName ? { givenName: user.firstName } : {}),
      ...(user.lastName ? { familyName: user.lastName } : {}),
    },
    ...(name ? { displayName: name } : {}),
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.status === 'active',
    groups: groups.map((group) => ({
      value: group.id,
      display: group.displayName,
      $ref: `${baseUrl}/Groups/${group.id}`,
    })),
    meta: {
      resourceType: 'User',
      created: user.createdAt.toISOString(),
      lastModified: user.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${user.id}`,
    },
  };
}

/** A group as RFC 7643 section 4.2 describes one. */
export function groupResource(
  group: ScimGroupRecord,
  members: { userId: string; username: string }[] | undefined,
  baseUrl: string,
): Record<string, unknown> {
  return {
    schemas: [groupSchema],
    id: group.id,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    ...(members
      ? {
          members: members.map((member) => ({
            value: member.userId,
            display: member.username,
            type: 'User',
            $ref: `${baseUrl}/Users/${member.userId}`,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${group.id}`,
    },
  };
}

/** RFC 7644 section 3.4.2: a page of results. */
export function listResponse(resources: Record<string, unknown>[], totalResults: number, startIndex: number) {
  return {
    schemas: [listResponseSchema],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** RFC 7644 section 3.4.2.4: startIndex is 1-based (below 1 reads as 1); count at most `maxCount` (negative reads as 0). */
export function pageOf(query: { startIndex?: string; count?: string }, maxCount: number) {
  const start = Number.parseInt(query.startIndex ?? '1', 10);
  const count = Number.parseInt(query.count ?? String(maxCount), 10);
  const startIndex = Number.isFinite(start) && start >= 1 ? start : 1;
  const limit = Number.isFinite(count) ? Math.min(Math.max(count, 0), maxCount) : maxCount;
  return { startIndex, offset: startIndex - 1, limit };
}

/** `attributes` / `excludedAttributes` (RFC 7644 section 3.4.2.5) on top-level attributes; id, schemas and meta always stay. */
export function projectAttributes(
  resource: Record<string, unknown>,
  query: { attributes?: string; excludedAttributes?: string },
): Record<string, unknown> {
  const names = (text?: string) =>
    text
      ?.split(',')
      .map((name) => name.trim().split(':').pop()!.split('.')[0]!.toLowerCase())
      .filter(Boolean);
  const kept = names(query.attributes);
  const excluded = names(query.excludedAttributes) ?? [];
  const always = new Set(['id', 'schemas', 'meta']);
  return Object.fromEntries(
    Object.entries(resource).filter(([key]) => {
      const lower = key.toLowerCase();
      if (always.has(lower)) return true;
      if (kept && kept.length > 0) return kept.includes(lower);
      return !excluded.includes(lower);
    }),
  );
}
