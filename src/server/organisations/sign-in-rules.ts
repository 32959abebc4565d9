import { BlockList, isIP } from 'node:net';

/** The organisation settings every signed-in request is held to (spec section 3, security). */
export interface SignInRuleSettings {
  requireTwoFactor: boolean;
  sessionTimeoutMinutes: number;
  /** Addresses and CIDR networks; empty allows every address. */
  ipRestrictions: readonly string[];
}

/**
 * A sign-in's last activity is written at most this often, so a busy client costs one write a
 * minute. The idle limit allows for it: a sign-in ends after at least its timeout of real
 * idleness, and at most a minute more.
 */
export const activityWriteIntervalMs = 60_000;

export type SignInVerdict =
  | { outcome: 'allowed'; twoFactorSetupRequired: boolean; recordActivity: boolean }
  | { outcome: 'idle' }
  | { outcome: 'address_refused' };

/** Decides whether one request may go on under this sign-in, from what the database says now. */
export function judgeSignIn(input: {
  rules: SignInRuleSettings;
  lastActiveAt: Date;
  twoFactorEnabled: boolean;
  clientAddress: string;
  now: number;
}): SignInVerdict {
  const idleMs = input.now - input.lastActiveAt.getTime();
  if (idleMs > input.rules.sessionTimeoutMinutes * 60_000 + activityWriteIntervalMs) return { outcome: 'idle' };
  if (!isAddressAllowed(input.clientAddress, input.rules.ipRestrictions)) return { outcome: 'address_refused' };
  return {
    outcome: 'allowed',
    twoFactorSetupRequired: input.rules.requireTwoFactor && !input.twoFactorEnabled,
    recordActivity: idleMs >= activityWriteIntervalMs,
  };
}

/**
 * Whether a client address is inside one of the organisation's allowed networks. No restrictions
 * allow every address; with restrictions, anything that is not an IP address (an unreadable
 * X-Forwarded-For, say) is refused. An IPv4 client reaching an IPv6 socket ('::ffff:192.0.2.1')
 * is judged by its IPv4 address.
 */
export function isAddressAllowed(clientAddress: string, restrictions: readonly string[]): boolean {
  if (restrictions.length === 0) return true;
  const address = withoutMappedPrefix(clientAddress.split('%')[0] ?? '');
  const family = isIP(address);
  if (family === 0) return false;
  const allowed = new BlockList();
  for (const entry of restrictions) {
    const [networkAddress = '', prefix] = entry.split('/');
    const network = withoutMappedPrefix(networkAddress);
    const networkFamily = isIP(network);
    if (networkFamily === 0) continue;
    const type = networkFamily === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) allowed.addAddress(network, type);
    else allowed.addSubnet(network, Number(prefix), type);
  }
  return allowed.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function withoutMappedPrefix(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}
