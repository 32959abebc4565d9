import { successResponseSchema, twoFactorSetupResponseSchema } from '@contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponseSchema>;

export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiRequest('/auth/2fa/setup', { schema: twoFactorSetupResponseSchema });
}

export function enableTwoFactor(secret: string, code: string) {
  return apiRequest('/auth/2fa/enable', {
    method: 'POST',
    body: { secret, token: code },
    schema: successResponseSchema,
  });
}

export function disableTwoFactor(code: string) {
  return apiRequest('/auth/2fa/disable', { method: 'POST', body: { token: code }, schema: successResponseSchema });
}
