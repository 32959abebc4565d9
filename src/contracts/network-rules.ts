/**
 * Pure checks of addresses and names an administrator types into organisation settings, shared by
 * the server's validation and the web form (no Node APIs: the browser runs them too).
 */

const ipv4Octet = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function isIpv4Address(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => ipv4Octet.test(part));
}

const hextet = /^[0-9A-Fa-f]{1,4}$/;

/** Full, compressed ('::') and IPv4-suffixed ('::ffff:192.0.2.1') forms; no zone ('%eth0'). */
export function isIpv6Address(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const groups = [...head, ...tail];
  let hextets = groups.length;
  const last = groups[groups.length - 1];
  if (last?.includes('.')) {
    if (!isIpv4Address(last)) return false;
    groups.pop();
    hextets += 1;
  }
  if (!groups.every((group) => hextet.test(group))) return false;
  return halves.length === 2 ? hextets <= 7 : hextets === 8;
}

/** One address or a network in CIDR notation: '203.0.113.7', '203.0.113.0/24', '2001:db8::/32'. */
export function isIpAddressOrNetwork(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0) return false;
  const longest = isIpv4Address(address) ? 32 : isIpv6Address(address) ? 128 : 0;
  if (longest === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= longest;
}

const domainLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A domain name of at least two labels whose last is alphabetic ('example.com', 'mail.example.co.uk'), lower case. */
export function isDomainName(text: string): boolean {
  if (text.length > 253) return false;
  const labels = text.split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => domainLabel.test(label)) &&
    /^[a-z]{2,63}$/.test(labels[labels.length - 1]!)
  );
}
