import {
  recoveryCodeStatusSchema,
  recoveryCodesResponseSchema,
  successResponseSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
} from '@contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponseSchema>;

export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiRequest('/auth/2fa/setup', { schema: twoFactorSetupResponseSchema });
}

/** Turns two-factor on; the answer carries the recovery codes, shown this once. */
export function enableTwoFactor(secret: string, code: string) {
  return apiRequest('/auth/2fa/enable', {
    method: 'POST',
    body: { secret, token: code },
    schema: twoFactorEnableResponseSchema,
  });
}

export function disableTwoFactor(code: string) {
  return apiRequest('/auth/2fa/disable', { method: 'POST', body: { token: code }, schema: successResponseSchema });
}

export function getRecoveryCodeStatus() {
  return apiRequest('/auth/2fa/recovery-codes', { schema: recoveryCodeStatusSchema });
}

/** A new set of recovery codes for a current authenticator code; the earlier ones stop working. */
export function regenerateRecoveryCodes(code: string) {
  return apiRequest('/auth/2fa/recovery-codes', {
    method: 'POST',
    body: { token: code },
    schema: recoveryCodesResponseSchema,
  });
}
