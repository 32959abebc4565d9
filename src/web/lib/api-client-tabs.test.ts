import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, stubFetch, type RecordedRequest } from '../test/fetch-stub';
import type { LockManagerLike } from './cross-tab-lock';

/**
 * Two tabs of the app: two copies of the API client and token storage (each tab runs its own),
 * sharing local storage, the fetch edge and the browser's cross-tab primitives, as tabs do.
 */
async function openTab() {
  vi.resetModules();
  const client = await import('./api-client');
  const storage = await import('./token-storage');
  return { ...client, ...storage };
}

const expired = '2000-01-01T00:00:00.000Z';
const later = '2999-01-01T00:00:00.000Z';

/** The server: access-1 has expired, refresh-1 gives access-2/refresh-2 once, and access-2 works. */
function serverAfterExpiry(release: Promise<void>) {
  return stubFetch(async ({ path, authorization, body }: RecordedRequest) => {
    if (path === '/api/auth/refresh') {
      await release;
      const { refresh_token: refreshToken } = body as { refresh_token: string };
      return refreshToken === 'refresh-1'
        ? { body: { token: 'access-2', refresh_token: 'refresh-2', expires_at: later } }
        : { status: 401, body: apiErrorBody('unauthorized', 'Your session has expired. Please sign in again.') };
    }
    return authorization === 'Bearer access-2'
      ? { body: { path } }
      : { status: 401, body: apiErrorBody('unauthorized', 'expired') };
  });
}

function signedInEverywhere() {
  localStorage.setItem('token', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('token_expires_at', expired);
}

/** Exclusive locks by name, shared by both tabs as navigator.locks is. */
function sharedLocks(): LockManagerLike {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    request(_name, _options, callback) {
      const result = queue.then(() => callback());
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

describe('refreshing with two tabs open', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
    vi.resetModules();
  });

  it('with Web Locks, one tab refreshes and the other takes its tokens, even when both ask at once', async () => {
    Object.defineProperty(navigator, 'locks', { value: sharedLocks(), configurable: true });
    signedInEverywhere();
    const [first, second] = [await openTab(), await openTab()];
    let releaseRefresh: () => void = () => {};
    const { requests } = serverAfterExpiry(new Promise((resolve) => (releaseRefresh = resolve)));
    const answers = Promise.all([first.apiRequest('/a'), second.apiRequest('/b')]);
    await vi.waitFor(() => expect(requests.filter((request) => request.path === '/api/auth/refresh')).toHaveLength(1));
    releaseRefresh();
    await expect(answers).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }]);
    expect(requests.filter((request) => request.path === '/api/auth/refresh')).toHaveLength(1);
    expect(first.getStoredTokens()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    expect(second.getStoredTokens()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
  });

  it('over a BroadcastChannel, a tab that needs a refresh while another runs one waits and takes its tokens', async () => {
    signedInEverywhere();
    const [first, second] = [await openTab(), await openTab()];
    expect('locks' in navigator).toBe(false);
    let releaseRefresh: () => void = () => {};
    const { requests } = serverAfterExpiry(new Promise((resolve) => (releaseRefresh = resolve)));
    const firstAnswer = first.apiRequest('/a');
    await vi.waitFor(() => expect(requests.filter((request) => request.path === '/api/auth/refresh')).toHaveLength(1));
    // The first tab's announcement reaches the second (a channel delivers a moment later), which then needs a refresh too.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const secondAnswer = second.apiRequest('/b');
    await vi.waitFor(() => expect(requests.filter((request) => request.path === '/api/b')).toHaveLength(1));
    releaseRefresh();
    await expect(Promise.all([firstAnswer, secondAnswer])).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }]);
    expect(requests.filter((request) => request.path === '/api/auth/refresh')).toHaveLength(1);
    expect(second.getStoredTokens()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
  });

  it('a tab whose stored tokens another tab already replaced retries with them without refreshing', async () => {
    signedInEverywhere();
    const tab = await openTab();
    // Another tab refreshed a moment ago: storage holds its tokens, this tab's copy is the old one.
    localStorage.setItem('token', 'access-2');
    localStorage.setItem('refreshToken', 'refresh-2');
    localStorage.setItem('token_expires_at', later);
    const { requests } = serverAfterExpiry(Promise.resolve());
    await expect(tab.apiRequest('/a')).resolves.toEqual({ path: '/api/a' });
    expect(requests.map((request) => [request.path, request.authorization])).toEqual([
      ['/api/a', 'Bearer access-1'],
      ['/api/a', 'Bearer access-2'],
    ]);
  });
});
