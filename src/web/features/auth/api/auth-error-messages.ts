import { messages } from '@contracts';
import { ApiError } from '../../../lib/api-error';

export function isTwoFactorRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'two_factor_required';
}

function serverDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined;
  return error.detail || error.message || undefined;
}

/** Spec section 8, login. A rejected two-factor or recovery code keeps its own wording rather than "invalid password". */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    const detail = serverDetail(error);
    return detail === messages.invalidTwoFactorCode || detail === messages.invalidRecoveryCode
      ? detail
      : messages.invalidCredentials;
  }
  if (error instanceof ApiError && error.status === 429) return messages.tooManyLoginAttempts;
  return serverDetail(error) ?? messages.loginFailed;
}

/** Spec section 8, signup. */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    const detail = serverDetail(error) ?? '';
    const lowered = detail.toLowerCase();
    if (lowered.includes('username')) return messages.usernameTaken;
    if (lowered.includes('email')) return messages.emailTaken;
    return detail || messages.invalidSignup;
  }
  return serverDetail(error) ?? messages.signupFailed;
}
