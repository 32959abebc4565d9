import { resendVerificationResponseSchema, successResponseSchema, verifyEmailResponseSchema } from '@contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type SuccessAnswer = z.infer<typeof successResponseSchema>;
export type VerifyEmailAnswer = z.infer<typeof verifyEmailResponseSchema>;

export function requestPasswordReset(email: string): Promise<SuccessAnswer> {
  return apiRequest('/auth/password-reset/request', {
    method: 'POST',
    body: { email },
    schema: successResponseSchema,
    authenticated: false,
  });
}

export function confirmPasswordReset(token: string, newPassword: string): Promise<SuccessAnswer> {
  return apiRequest('/auth/password-reset/confirm', {
    method: 'POST',
    body: { token, new_password: newPassword },
    schema: successResponseSchema,
    authenticated: false,
  });
}

export function verifyEmail(token: string): Promise<VerifyEmailAnswer> {
  return apiRequest('/auth/verify-email', {
    method: 'POST',
    body: { token },
    schema: verifyEmailResponseSchema,
    authenticated: false,
  });
}

/** A new verification link to the signed-in person's address. */
export function resendVerification(): Promise<{ success: true; email: string }> {
  return apiRequest('/auth/verify-email/resend', {
    method: 'POST',
    body: {},
    schema: resendVerificationResponseSchema,
  });
}

export function activateAccount(token: string, password: string): Promise<SuccessAnswer> {
  return apiRequest('/auth/activate', {
    method: 'POST',
    body: { token, password, gdpr_consent: true },
    schema: successResponseSchema,
    authenticated: false,
  });
}
