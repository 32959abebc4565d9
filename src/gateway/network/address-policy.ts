import { BlockList, isIP } from 'node:net';
import { classifyAddress, type AddressClass } from './address-classification';

/** Why an address is refused: its class, never 'public'. */
export type RefusedAddressClass = Exclude<AddressClass, 'public'>;

/** Which addresses a connection made for a tenant may go to. */
export interface AddressPolicy {
  /** The refused address's class, or undefined when connecting to it is allowed. */
  refusalFor(address: string): RefusedAddressClass | undefined;
}

/** A network in CIDR notation ('10.0.0.0/8', 'fd00::/8') or a single address ('10.1.2.3', '::1'). */
export interface Network {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** Reads one network; undefined when it is not an IP address with an optional prefix in range. */
export function parseNetwork(text: string): Network | undefined {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const longest = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: longest, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > longest) return undefined;
  return { address, prefix: Number(prefixText), family };
}

/**
 * Public addresses only, except the networks the operator allows explicitly (a self-hosted model
 * server on the private network, say). An allowed IPv4 network also covers its IPv4-mapped IPv6 form.
 */
export function createAddressPolicy(allowedNetworks: readonly string[] = []): AddressPolicy {
  const allowed = new BlockList();
  for (const text of allowedNetworks) {
    const network = parseNetwork(text);
    if (!network) throw new Error(`Not a network: '${text}'`);
    allowed.addSubnet(network.address, network.prefix, network.family);
  }
  return {
    refusalFor(address) {
      const addressClass = classifyAddress(address);
      if (addressClass === 'public') return undefined;
      if (addressClass === 'invalid') return addressClass;
      const withoutZone = address.split('%')[0] ?? '';
      return allowed.check(withoutZone, isIP(withoutZone) === 4 ? 'ipv4' : 'ipv6') ? undefined : addressClass;
    },
  };
}

/** A connection refused because of where it would have gone; no byte was sent. */
export class AddressRefusedError extends Error {
  override readonly name = 'AddressRefusedError';
  readonly code = 'ERR_ADDRESS_REFUSED';

  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly addressClass: RefusedAddressClass,
  ) {
    super(
      hostname === address
        ? `${address} is a ${addressClass} address, which is not allowed here`
        : `${hostname} resolves to ${address}, a ${addressClass} address, which is not allowed here`,
    );
  }

  static find(error: unknown): AddressRefusedError | undefined {
    for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
      if (current instanceof AddressRefusedError) return current;
    }
    return undefined;
  }
}
