/** Where a signed-out visitor wanted to go; login and signup send them back there (spec section 2). */
export const redirectAfterLoginKey = 'redirectAfterLogin';

export function rememberRedirectPath(path: string): void {
  sessionStorage.setItem(redirectAfterLoginKey, path);
}

/** Returns the stored path (or /chat) and forgets it, so it is used once. */
export function takeRedirectPath(defaultPath = '/chat'): string {
  const stored = sessionStorage.getItem(redirectAfterLoginKey);
  sessionStorage.removeItem(redirectAfterLoginKey);
  // Only same-site paths: a crafted value must not send the user to another origin.
  if (stored?.startsWith('/') && !stored.startsWith('//')) return stored;
  return defaultPath;
}
