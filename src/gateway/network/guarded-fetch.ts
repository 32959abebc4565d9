import { isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { AddressRefusedError, type AddressPolicy } from './address-policy';
import { addressesOf, hostOf, type ResolvedAddress, type ResolveHost } from './host-addresses';

export interface GuardedFetchOptions {
  policy: AddressPolicy;
  resolve: ResolveHost;
  /** A connection silent this long is closed (before the headers or between body parts); undici's default is 300 s. */
  idleTimeoutMs?: number;
}

/**
 * A fetch (for the AI SDK's `fetch` option) that connects only where the policy allows: undici
 * resolves the host through our lookup just before connecting, and the socket goes to an address
 * from that same answer, so a name that changes its answer between a check and the call (DNS
 * rebinding) cannot slip through; if any of its addresses is refused, nothing is connected and
 * nothing sent. Redirects are returned, never followed (a redirect could lead anywhere).
 */
export function createGuardedFetch(options: GuardedFetchOptions): typeof globalThis.fetch {
  const idleTimeoutMs = options.idleTimeoutMs ?? 300_000;
  const dispatcher = new Agent({
    connect: { lookup: guardedLookup(options) },
    headersTimeout: idleTimeoutMs,
    bodyTimeout: idleTimeoutMs,
  });

  const guardedFetch = async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError('fetch failed', {
        cause: new Error(`Only http and https URLs are allowed, not ${url.protocol}`),
      });
    }
    // A socket to an IP literal is opened without any lookup, so a literal is checked here.
    const host = hostOf(url);
    const refusal = isIP(host) === 0 ? undefined : options.policy.refusalFor(host);
    if (refusal) throw new TypeError('fetch failed', { cause: new AddressRefusedError(host, host, refusal) });
    const request = input instanceof Request ? input : undefined;
    return undiciFetch(url, {
      method: init?.method ?? request?.method,
      headers: init?.headers ?? request?.headers,
      body: init?.body ?? request?.body,
      signal: init?.signal ?? request?.signal,
      ...(request?.body && !init?.body ? { duplex: 'half' } : {}),
      redirect: 'manual',
      dispatcher,
    } as Parameters<typeof undiciFetch>[1]) as unknown as Promise<Response>;
  };
  return guardedFetch as typeof globalThis.fetch;
}

function guardedLookup({ policy, resolve }: GuardedFetchOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
    addressesOf(hostname, resolve).then(
      (addresses) => {
        for (const { address } of addresses) {
          const refusal = policy.refusalFor(address);
          if (refusal) return callback(new AddressRefusedError(hostname, address, refusal), '', 0);
        }
        const usable: ResolvedAddress[] =
          family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
        const [first] = usable;
        if (!first)
          return callback(
            Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }),
            '',
            0,
          );
        if (lookupOptions.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
