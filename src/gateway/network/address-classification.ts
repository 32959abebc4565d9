import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** What an IP address is, as far as deciding whether a server may connect to it on a tenant's behalf. */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'invalid';

type Range = readonly [network: string, prefix: number, addressClass: Exclude<AddressClass, 'public' | 'invalid'>];

// IANA's special-purpose registries; the first matching row wins (broadcast sits inside 240/4).
const ipv4Ranges: readonly Range[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];

// Checked after the forms that embed an IPv4 address; anything outside 2000::/3 is not global unicast.
const ipv6Ranges: readonly Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fc00::', 7, 'private'],
  ['fec0::', 10, 'private'],
  ['fe80::', 10, 'link-local'],
  ['ff00::', 8, 'multicast'],
  ['2001::', 23, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['3fff::', 20, 'reserved'],
];

function blockListsFor(ranges: readonly Range[], family: 'ipv4' | 'ipv6') {
  return ranges.map(([network, prefix, addressClass]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, addressClass };
  });
}

const ipv4BlockLists = blockListsFor(ipv4Ranges, 'ipv4');
const ipv6BlockLists = blockListsFor(ipv6Ranges, 'ipv6');
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/**
 * Classifies an IP address as the operating system would connect to it. IPv6 forms that carry an
 * IPv4 address (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d and 6to4
 * 2002:AABB:CCDD::) take the class of the IPv4 address inside; a zone (fe80::1%eth0) is ignored.
 * Anything that is not an IP address is 'invalid'.
 */
export function classifyAddress(address: string): AddressClass {
  if (isIPv4(address)) return classifyIpv4(address);
  const withoutZone = address.split('%')[0] ?? '';
  if (!isIPv6(withoutZone)) return 'invalid';
  const groups = ipv6Groups(withoutZone);
  const embedded = embeddedIpv4(groups);
  if (embedded) {
    const embeddedClass = classifyIpv4(embedded.address);
    // The compatible form is deprecated and reaches nothing public; only its own misuse matters.
    return embedded.form === 'compatible' && embeddedClass === 'public' ? 'reserved' : embeddedClass;
  }
  const match = ipv6BlockLists.find(({ list }) => list.check(withoutZone, 'ipv6'));
  if (match) return match.addressClass;
  return globalUnicast.check(withoutZone, 'ipv6') ? 'public' : 'reserved';
}

/** True for an address a public service may have; every other class is refused to tenants. */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}

function classifyIpv4(address: string): AddressClass {
  return ipv4BlockLists.find(({ list }) => list.check(address, 'ipv4'))?.addressClass ?? 'public';
}

/** The eight 16-bit groups of a valid IPv6 address (which may end in a dotted IPv4 address). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const toGroups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const first = toGroups(head);
  if (tail === undefined) return first;
  const last = toGroups(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

function dottedQuad(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function embeddedIpv4(
  groups: number[],
): { form: 'mapped' | 'compatible' | 'nat64' | '6to4'; address: string } | undefined {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0xffff) return { form: 'mapped', address: dottedQuad(g6, g7) };
  // ::/128 and ::1 are IPv6's own unspecified and loopback addresses, not compatible forms.
  if (upperZero && g5 === 0 && (g6 !== 0 || g7 > 1)) return { form: 'compatible', address: dottedQuad(g6, g7) };
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return { form: 'nat64', address: dottedQuad(g6, g7) };
  if (g0 === 0x2002) return { form: '6to4', address: dottedQuad(g1, g2) };
  return undefined;
}
