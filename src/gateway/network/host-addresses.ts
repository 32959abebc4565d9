import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to; tests pass their own to play DNS tricks. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** The operating system's resolver (getaddrinfo, as connections use), every address it gives. */
export const resolveWithSystem: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

const loopback: readonly ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/** A URL's host as the resolver takes it: IPv6 literals without their brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The addresses a connection to this host could go to: an IP literal is itself; 'localhost' and
 * any '*.localhost' are loopback whatever DNS says (RFC 6761); other names ask the resolver.
 */
export async function addressesOf(hostname: string, resolve: ResolveHost): Promise<ResolvedAddress[]> {
  const version = isIP(hostname);
  if (version !== 0) return [{ address: hostname, family: version === 6 ? 6 : 4 }];
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return [...loopback];
  return resolve(hostname);
}
