import { describe, expect, it } from 'vitest';
import { classifyAddress, isPublicAddress, type AddressClass } from './address-classification';

describe('classifyAddress', () => {
  const cases: [address: string, expected: AddressClass][] = [
    // IPv4
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['93.184.216.34', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.15.255.255', 'public'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', 'public'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['100.63.255.255', 'public'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['100.128.0.0', 'public'],
    ['192.0.0.170', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fec0::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['3fff::1', 'reserved'],
    ['100::1', 'reserved'],
    ['64:ff9b:1::a00:1', 'reserved'],
    ['5f00::1', 'reserved'],
    // IPv4 inside IPv6: the class of the IPv4 address
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::a9fe:a9fe', 'link-local'],
    ['::8.8.8.8', 'reserved'],
    ['::ffff:0:7f00:1', 'reserved'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:808:808::1', 'public'],
    // Not addresses at all
    ['localhost', 'invalid'],
    ['example.com', 'invalid'],
    ['127.1', 'invalid'],
    ['2130706433', 'invalid'],
    ['', 'invalid'],
  ];

  it.each(cases)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
    expect(isPublicAddress(address)).toBe(expected === 'public');
  });
});

describe('odd spellings in URLs, as WHATWG URL parsing normalises them', () => {
  const cases: [url: string, hostname: string, expected: AddressClass][] = [
    ['http://2130706433/v1', '127.0.0.1', 'loopback'],
    ['http://0x7f.1/v1', '127.0.0.1', 'loopback'],
    ['http://0x7f000001/v1', '127.0.0.1', 'loopback'],
    ['http://017700000001/v1', '127.0.0.1', 'loopback'],
    ['http://127.1/v1', '127.0.0.1', 'loopback'],
    ['http://0/v1', '0.0.0.0', 'unspecified'],
    ['http://169.254.169.254./latest/meta-data', '169.254.169.254', 'link-local'],
    ['http://0251.0376.0251.0376/', '169.254.169.254', 'link-local'],
    ['http://2852039166/', '169.254.169.254', 'link-local'],
    ['http://012.1/', '10.0.0.1', 'private'],
    ['http://①②⑦.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'loopback'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', '::ffff:7f00:1', 'loopback'],
    ['http://[::127.0.0.1]/', '::7f00:1', 'loopback'],
    ['http://[64:ff9b::10.0.0.1]/', '64:ff9b::a00:1', 'private'],
    ['http://[::]:8080/', '::', 'unspecified'],
    ['http://[::1]:11434/v1', '::1', 'loopback'],
  ];

  it.each(cases)('%s connects to %s (%s)', (url, hostname, expected) => {
    const parsed = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    expect(parsed).toBe(hostname);
    expect(classifyAddress(parsed)).toBe(expected);
  });
});
