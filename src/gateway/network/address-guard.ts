import { createAddressPolicy, type RefusedAddressClass } from './address-policy';
import { createGuardedFetch } from './guarded-fetch';
import { addressesOf, hostOf, resolveWithSystem, type ResolveHost } from './host-addresses';

/** Why a URL may not be used: where its host leads, or that it leads nowhere. */
export type UrlRefusal =
  | { reason: 'refused_address'; address: string; addressClass: RefusedAddressClass }
  | { reason: 'unresolvable' };

/** Keeps connections made for tenants away from the server's own network. */
export interface AddressGuard {
  /** Checks a URL when it is saved: every address its host resolves to now must be allowed. */
  checkUrl(url: string): Promise<UrlRefusal | undefined>;
  /** A fetch that checks again at connection time, on the address it connects to. */
  fetch: typeof globalThis.fetch;
}

export interface AddressGuardOptions {
  /** Private networks the operator allows explicitly (CIDR or single addresses); none by default. */
  allowedNetworks?: readonly string[];
  /** Defaults to the system resolver; tests inject theirs. */
  resolve?: ResolveHost;
}

/** Public addresses only (plus the allowed networks), checked when a URL is saved and again on every connection. */
export function createAddressGuard(options: AddressGuardOptions = {}): AddressGuard {
  const policy = createAddressPolicy(options.allowedNetworks);
  const resolve = options.resolve ?? resolveWithSystem;
  return {
    async checkUrl(url) {
      const addresses = await addressesOf(hostOf(new URL(url)), resolve).catch(() => []);
      if (addresses.length === 0) return { reason: 'unresolvable' };
      for (const { address } of addresses) {
        const addressClass = policy.refusalFor(address);
        if (addressClass) return { reason: 'refused_address', address, addressClass };
      }
      return undefined;
    },
    fetch: createGuardedFetch({ policy, resolve }),
  };
}
