import {
  createdUserResponseSchema,
  organisationUsersResponseSchema,
  removedUserResponseSchema,
  resentInvitationResponseSchema,
  userModelUsageResponseSchema,
  type CreateUserRequest,
} from '@contracts';
import { apiRequest } from '../../../lib/api-client';

/** Spec sections 7 and 9: the admin user list asks for page 1 with 50 people. */
const adminUserPageSize = 50;

const organisationPath = (orgId: string) => `/org/${encodeURIComponent(orgId)}`;

export function listOrganisationUsers(orgId: string) {
  return apiRequest(`${organisationPath(orgId)}/users?page=1&limit=${adminUserPageSize}`, {
    schema: organisationUsersResponseSchema,
  });
}

/** GET /roles/usage/{orgId}: each person's tokens and cost per model this calendar month. */
export function listUserModelUsage(orgId: string) {
  return apiRequest(`/roles/usage/${encodeURIComponent(orgId)}`, { schema: userModelUsageResponseSchema });
}

/** POST /user: the person, and whether an invitation e-mail went out. */
export function createUser(user: CreateUserRequest) {
  return apiRequest('/user', { method: 'POST', body: user, schema: createdUserResponseSchema });
}

export async function changeUserRole(orgId: string, userId: string, roleId: string) {
  const answer = await apiRequest(`${organisationPath(orgId)}/users/${encodeURIComponent(userId)}/role`, {
    method: 'PUT',
    body: { role_id: roleId },
    schema: createdUserResponseSchema,
  });
  return answer.user;
}

export function removeUser(orgId: string, userId: string) {
  return apiRequest(`${organisationPath(orgId)}/users/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    schema: removedUserResponseSchema,
  });
}

/** A new invitation for someone who has not joined yet; the earlier link stops working. */
export function resendInvitation(orgId: string, userId: string) {
  return apiRequest(`${organisationPath(orgId)}/users/${encodeURIComponent(userId)}/invitation`, {
    method: 'POST',
    body: {},
    schema: resentInvitationResponseSchema,
  });
}
