import type { UpdateProfileRequest } from '@contracts';
import { profileResponseSchema } from '@contracts';
import { apiRequest } from '../../../lib/api-client';

/** PUT /user/profile: the caller's own details; answers the saved profile. */
export async function updateProfile(details: UpdateProfileRequest) {
  const answer = await apiRequest('/user/profile', { method: 'PUT', body: details, schema: profileResponseSchema });
  return answer.user;
}
