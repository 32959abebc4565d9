import { randomAddress } from './client';

/** JSON calls to a server a test started itself (with TRUST_PROXY=true), from a chosen client address. */
export function addressClientOf(baseUrl: string) {
  return async function call(
    pathname: string,
    options: { address?: string; token?: string; body?: unknown; method?: string } = {},
    // biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
  ): Promise<{ status: number; body: any; headers: Headers }> {
    const response = await fetch(`${baseUrl}/api${pathname}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        'x-forwarded-for': options.address ?? randomAddress(),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };
}

export type AddressClient = ReturnType<typeof addressClientOf>;
