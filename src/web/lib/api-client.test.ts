import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, stubFetch } from '../test/fetch-stub';
import { signIn } from '../test/fixtures';
import { apiFileRequest, apiRequest, requestTimeoutMs, setAuthFailureHandler } from './api-client';
import { ApiError } from './api-error';
import { getStoredTokens } from './token-storage';

const refreshed = { token: 'access-2', refresh_token: 'refresh-2', expires_at: '2999-01-01T00:00:00.000Z' };

describe('apiRequest', () => {
  let removeHandler: (() => void) | undefined;
  afterEach(() => removeHandler?.());

  it('sends JSON to /api with the bearer token and a 10 s timeout signal', async () => {
    signIn('access-1');
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout');
    const { requests } = stubFetch(() => ({ body: { ok: true } }));
    await expect(apiRequest('/things', { method: 'POST', body: { name: 'x' } })).resolves.toEqual({ ok: true });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/things',
      body: { name: 'x' },
      authorization: 'Bearer access-1',
    });
    expect(timeoutSpy).toHaveBeenCalledWith(requestTimeoutMs);
    expect(requestTimeoutMs).toBe(10_000);
  });

  it('on 401 refreshes once and retries the request once with the new token', async () => {
    signIn('access-1');
    const { requests } = stubFetch(({ path, authorization }) => {
      if (path === '/api/auth/refresh') return { body: refreshed };
      return authorization === 'Bearer access-2'
        ? { body: { data: 1 } }
        : { status: 401, body: apiErrorBody('unauthorized', 'expired') };
    });
    await expect(apiRequest('/things')).resolves.toEqual({ data: 1 });
    expect(requests.map((request) => request.path)).toEqual(['/api/things', '/api/auth/refresh', '/api/things']);
    expect(requests[1]?.body).toEqual({ refresh_token: 'refresh-for-access-1' });
    expect(requests[1]?.authorization).toBeNull();
    expect(getStoredTokens()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
  });

  it('does not refresh a second time when the retry is also refused', async () => {
    signIn('access-1');
    const { requests } = stubFetch(({ path }) =>
      path === '/api/auth/refresh'
        ? { body: refreshed }
        : { status: 401, body: apiErrorBody('unauthorized', 'still no') },
    );
    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401, message: 'still no' });
    expect(requests.filter((request) => request.path === '/api/auth/refresh')).toHaveLength(1);
    expect(requests).toHaveLength(3);
  });

  it('shares one refresh between concurrent 401s', async () => {
    signIn('access-1');
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { requests } = stubFetch(async ({ path, authorization }) => {
      if (path === '/api/auth/refresh') {
        await refreshGate;
        return { body: refreshed };
      }
      return authorization === 'Bearer access-2'
        ? { body: { path } }
        : { status: 401, body: apiErrorBody('unauthorized', 'expired') };
    });
    const answers = Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    await vi.waitFor(() => expect(requests.filter((request) => request.path === '/api/auth/refresh')).toHaveLength(1));
    releaseRefresh();
    await expect(answers).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(requests.filter((request) => request.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('clears the tokens and calls the auth-failure handler when the refresh fails', async () => {
    signIn('access-1');
    const onFailure = vi.fn();
    removeHandler = setAuthFailureHandler(onFailure);
    stubFetch(({ path }) =>
      path === '/api/auth/refresh'
        ? { status: 401, body: apiErrorBody('unauthorized', 'refresh refused') }
        : { status: 401, body: apiErrorBody('unauthorized', 'expired') },
    );
    await expect(apiRequest('/things')).rejects.toBeInstanceOf(ApiError);
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(getStoredTokens()).toEqual({ token: null, refreshToken: null, expiresAt: null });
  });

  it('never refreshes for public calls such as login', async () => {
    signIn('access-1');
    const { requests } = stubFetch(() => ({
      status: 401,
      body: apiErrorBody('unauthorized', 'Invalid username or password'),
    }));
    await expect(apiRequest('/auth/login', { method: 'POST', body: {}, authenticated: false })).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: 'Invalid username or password',
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.authorization).toBeNull();
  });

  it('reports an unreadable failure with the generic text', async () => {
    stubFetch(() => ({ status: 500 }));
    await expect(apiRequest('/things', { authenticated: false })).rejects.toMatchObject({
      status: 500,
      message: 'Oops, something went wrong',
    });
  });

  it('sends extra headers such as an Idempotency-Key', async () => {
    signIn('access-1');
    const { requests } = stubFetch(() => ({ body: { ok: true } }));
    await apiRequest('/wallet/topup', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'key-1' } });
    expect(requests[0]?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(requests[0]?.headers.get('Accept')).toBe('application/json');
  });
});

describe('apiFileRequest', () => {
  it('downloads a file with the bearer token, refreshing once on 401, and reads its file name', async () => {
    signIn('access-1');
    const bytes = new TextEncoder().encode('%PDF-1.7 test');
    const { requests } = stubFetch(({ path, authorization }) => {
      if (path === '/api/auth/refresh') return { body: refreshed };
      if (authorization !== 'Bearer access-2') return { status: 401, body: apiErrorBody('unauthorized', 'expired') };
      return {
        file: {
          bytes,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="invoice-TW-1.pdf"',
          },
        },
      };
    });
    const file = await apiFileRequest('/subscription/invoices/o/i/pdf', 'application/pdf');
    expect(file.fileName).toBe('invoice-TW-1.pdf');
    expect(new TextDecoder().decode(await file.blob.arrayBuffer())).toBe('%PDF-1.7 test');
    expect(requests.map((request) => request.path)).toEqual([
      '/api/subscription/invoices/o/i/pdf',
      '/api/auth/refresh',
      '/api/subscription/invoices/o/i/pdf',
    ]);
    expect(requests[0]?.headers.get('Accept')).toBe('application/pdf');
  });

  it("throws the server's refusal as an ApiError", async () => {
    signIn('access-1');
    stubFetch(() => ({ status: 404, body: apiErrorBody('not_found', 'Invoice not found') }));
    await expect(apiFileRequest('/x', 'application/pdf')).rejects.toMatchObject({
      status: 404,
      message: 'Invoice not found',
    });
  });
});
