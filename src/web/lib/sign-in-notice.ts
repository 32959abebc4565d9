/**
 * Why the app signed someone out (an idle sign-in the organisation ended, a network it refuses...),
 * kept until the login page shows it. Session storage, so it survives the redirect and a reload of
 * the page but not the tab.
 */
export const signInNoticeKey = 'signInNotice';

export function rememberSignInNotice(message: string): void {
  sessionStorage.setItem(signInNoticeKey, message);
}

export function readSignInNotice(): string | null {
  return sessionStorage.getItem(signInNoticeKey);
}

export function forgetSignInNotice(): void {
  sessionStorage.removeItem(signInNoticeKey);
}
