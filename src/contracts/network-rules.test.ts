import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isDomainName, isIpAddressOrNetwork, isIpv4Address, isIpv6Address } from './network-rules';

describe('network rules', () => {
  const addresses = [
    '203.0.113.7',
    '0.0.0.0',
    '255.255.255.255',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.-4',
    ' 1.2.3.4',
    '',
    '::',
    '::1',
    '2001:db8::',
    '2001:db8::1',
    'fe80::1:2:3:4',
    '1:2:3:4:5:6:7:8',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1::2::3',
    '::ffff:192.0.2.1',
    '64:ff9b::192.0.2.33',
    '1:2:3:4:5:6:192.0.2.1',
    '1:2:3:4:5:6:7:192.0.2.1',
    'gggg::1',
    '12345::1',
    'fe80::1%eth0',
    ':1',
    '1:',
  ];

  it.each(addresses)('reads %j as Node does', (text) => {
    expect(isIpv4Address(text)).toBe(isIP(text) === 4);
    expect(isIpv6Address(text)).toBe(isIP(text) === 6 && !text.includes('%'));
  });

  it.each([
    ['203.0.113.0/24', true],
    ['10.0.0.0/8', true],
    ['10.0.0.0/33', false],
    ['2001:db8::/32', true],
    ['2001:db8::/129', false],
    ['192.0.2.1', true],
    ['192.0.2.1/', false],
    ['192.0.2.1/24/1', false],
    ['example.com', false],
    ['10.0.0.0/ 8', false],
  ])('takes %j as an address or network: %s', (text, expected) => {
    expect(isIpAddressOrNetwork(text)).toBe(expected);
  });

  it.each([
    ['example.com', true],
    ['mail.example.co.uk', true],
    ['xn--bcher-kva.example', true],
    ['my-company.io', true],
    ['localhost', false],
    ['-bad.com', false],
    ['bad-.com', false],
    ['under_score.com', false],
    ['example.123', false],
    ['Example.com', false],
    ['*.example.com', false],
    ['example..com', false],
    ['https://example.com', false],
    [`${'a'.repeat(64)}.com`, false],
  ])('takes %j as a domain name: %s', (text, expected) => {
    expect(isDomainName(text)).toBe(expected);
  });
});
