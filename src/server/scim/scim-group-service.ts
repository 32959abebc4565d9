import { makeActorChange } from '../audit/actor-change';
import type { AdministrativeChange } from '../audit/administrative-change';
import { uniqueViolationIndex } from '../shared/unique-violation';
import { applyRoleOfGroups } from '../single-sign-on/role-sync';
import type { ScimClient, ScimDependencies } from './scim-dependencies';
import { ScimError, scimInvalidValue, scimNotFound } from './scim-errors';
import { parseScimFilter } from './scim-filter';
import {
  deleteScimGroup,
  findScimGroup,
  groupNamesOfUser,
  groupSchema,
  insertScimGroup,
  listScimGroups,
  membersOfGroups,
  replaceGroupMembers,
  updateScimGroup,
} from './scim-group-repository';
import { readGroupInput, type ScimGroupInput } from './scim-input';
import { applyScimPatch } from './scim-patch';
import { groupResource, listResponse, pageOf, projectAttributes } from './scim-resources';
import type { ListQuery } from './scim-user-service';
import { countPresentUsers } from './scim-user-repository';

const patchable = { schema: groupSchema, names: ['displayName', 'externalId', 'members'], multiValued: ['members'] };

const wantsMembers = (query: Pick<ListQuery, 'attributes' | 'excludedAttributes'>) =>
  !/(^|,)\s*members\s*(,|$)/i.test(query.excludedAttributes ?? '') &&
  (!query.attributes || /(^|,)\s*members\s*(,|$)/i.test(query.attributes));

async function presentGroup(dependencies: ScimDependencies, orgId: string, groupId: string) {
  const group = await findScimGroup(dependencies.db, orgId, groupId);
  if (!group) throw scimNotFound('Group', groupId);
  const members = await membersOfGroups(dependencies.db, orgId, [groupId]);
  return groupResource(group, members.get(groupId) ?? [], dependencies.baseUrl());
}

export async function listGroups(dependencies: ScimDependencies, client: ScimClient, query: ListQuery) {
  const filter = query.filter ? parseScimFilter(query.filter) : undefined;
  const page = pageOf(query, 200);
  const { rows, total } = await listScimGroups(dependencies.db, client.orgId, filter, page);
  // Okta asks for groups without their members (excludedAttributes=members): large groups stay cheap.
  const members = wantsMembers(query)
    ? await membersOfGroups(
        dependencies.db,
        client.orgId,
        rows.map((row) => row.id),
      )
    : undefined;
  const resources = rows.map((row) =>
    projectAttributes(
      groupResource(row, members ? (members.get(row.id) ?? []) : undefined, dependencies.baseUrl()),
      query,
    ),
  );
  return listResponse(resources, total, page.startIndex);
}

export function getGroup(dependencies: ScimDependencies, client: ScimClient, groupId: string) {
  return presentGroup(dependencies, client.orgId, groupId);
}

async function refuseUnknownMembers(change: AdministrativeChange, orgId: string, memberIds: string[]) {
  if ((await countPresentUsers(change.transaction, orgId, memberIds)) !== memberIds.length)
    throw scimInvalidValue('Every member must be a User of this organization');
}

/** Whoever joined, left, or is in a renamed group gets the role their groups now map to, in the same change. */
async function applyRoles(change: AdministrativeChange, orgId: string, userIds: Iterable<string>) {
  for (const userId of new Set(userIds)) {
    await applyRoleOfGroups(change, orgId, userId, await groupNamesOfUser(change.transaction, orgId, userId));
  }
}

const taken = () => new ScimError(409, 'A group with this displayName already exists', 'uniqueness');

function auditedGroup(input: ScimGroupInput) {
  return { name: input.displayName, external_id: input.externalId, members: input.memberIds };
}

export async function createGroup(dependencies: ScimDependencies, client: ScimClient, body: unknown) {
  const input = readGroupInput(body);
  try {
    const groupId = await makeActorChange(dependencies.db, client.orgId, client.actor, async (change) => {
      await refuseUnknownMembers(change, client.orgId, input.memberIds);
      const group = await insertScimGroup(change.transaction, {
        orgId: client.orgId,
        displayName: input.displayName,
        externalId: input.externalId,
      });
      await replaceGroupMembers(change.transaction, client.orgId, group.id, input.memberIds);
      await change.record({
        action: 'group.create',
        targetType: 'group',
        targetId: group.id,
        before: null,
        after: auditedGroup(input),
      });
      await applyRoles(change, client.orgId, input.memberIds);
      return group.id;
    });
    return presentGroup(dependencies, client.orgId, groupId);
  } catch (error) {
    if (uniqueViolationIndex(error) === 'scim_groups_org_name_unique') throw taken();
    throw error;
  }
}

async function saveGroup(dependencies: ScimDependencies, client: ScimClient, groupId: string, input: ScimGroupInput) {
  try {
    await makeActorChange(dependencies.db, client.orgId, client.actor, async (change) => {
      const group = await findScimGroup(change.transaction, client.orgId, groupId);
      if (!group) throw scimNotFound('Group', groupId);
      const before = (await membersOfGroups(change.transaction, client.orgId, [groupId])).get(groupId) ?? [];
      await refuseUnknownMembers(change, client.orgId, input.memberIds);
      await updateScimGroup(change.transaction, client.orgId, groupId, {
        displayName: input.displayName,
        externalId: input.externalId,
      });
      await replaceGroupMembers(change.transaction, client.orgId, groupId, input.memberIds);
      await change.record({
        action: 'group.update',
        targetType: 'group',
        targetId: groupId,
        before: {
          name: group.displayName,
          external_id: group.externalId,
          members: before.map((member) => member.userId),
        },
        after: auditedGroup(input),
      });
      await applyRoles(change, client.orgId, [...before.map((member) => member.userId), ...input.memberIds]);
    });
  } catch (error) {
    if (uniqueViolationIndex(error) === 'scim_groups_org_name_unique') throw taken();
    throw error;
  }
  return presentGroup(dependencies, client.orgId, groupId);
}

export function replaceGroup(dependencies: ScimDependencies, client: ScimClient, groupId: string, body: unknown) {
  return saveGroup(dependencies, client, groupId, readGroupInput(body));
}

/** PATCH /Groups/{id}: members added and removed (one at a time or in lists), renamed; then saved like a PUT. */
export async function patchGroup(dependencies: ScimDependencies, client: ScimClient, groupId: string, body: unknown) {
  const current = await presentGroup(dependencies, client.orgId, groupId);
  const patched = applyScimPatch(current, (body as { Operations?: unknown } | null)?.Operations, patchable);
  await saveGroup(dependencies, client, groupId, readGroupInput(patched));
}

export async function deleteGroup(dependencies: ScimDependencies, client: ScimClient, groupId: string): Promise<void> {
  await makeActorChange(dependencies.db, client.orgId, client.actor, async (change) => {
    const group = await findScimGroup(change.transaction, client.orgId, groupId);
    if (!group) throw scimNotFound('Group', groupId);
    const members = (await membersOfGroups(change.transaction, client.orgId, [groupId])).get(groupId) ?? [];
    await deleteScimGroup(change.transaction, client.orgId, groupId);
    await change.record({
      action: 'group.delete',
      targetType: 'group',
      targetId: groupId,
      before: {
        name: group.displayName,
        external_id: group.externalId,
        members: members.map((member) => member.userId),
      },
      after: null,
    });
    await applyRoles(
      change,
      client.orgId,
      members.map((member) => member.userId),
    );
  });
}
