import { successResponseSchema } from '@contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /auth/change-password: the caller's own password; other sign-ins are ended by the server. */
export function changePassword(userId: string, currentPassword: string, newPassword: string) {
  return apiRequest('/auth/change-password', {
    method: 'POST',
    body: { user_id: userId, current_password: currentPassword, new_password: newPassword },
    schema: successResponseSchema,
  });
}
