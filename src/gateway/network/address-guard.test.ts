import { describe, expect, it } from 'vitest';
import { createAddressGuard, type UrlRefusal } from './address-guard';
import type { ResolveHost } from './host-addresses';

// No outside DNS on these machines: names resolve through this table.
const records: Record<string, string[]> = {
  'api.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'metadata.example.com': ['169.254.169.254'],
  'intranet.example.com': ['10.0.0.7'],
  'split.example.com': ['93.184.216.34', '127.0.0.1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
};
const resolveFromTable: ResolveHost = async (hostname) => {
  const addresses = records[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('checking a URL when it is saved', () => {
  const guard = createAddressGuard({ resolve: resolveFromTable });
  const refused = (address: string, addressClass: string): UrlRefusal =>
    ({ reason: 'refused_address', address, addressClass }) as UrlRefusal;

  it.each([
    ['https://api.example.com/v1', undefined],
    ['http://8.8.8.8/v1', undefined],
    ['http://[2606:4700:4700::1111]/v1', undefined],
    ['http://127.0.0.1:11434/v1', refused('127.0.0.1', 'loopback')],
    ['http://169.254.169.254/latest/meta-data/', refused('169.254.169.254', 'link-local')],
    ['http://10.0.0.1/v1', refused('10.0.0.1', 'private')],
    ['http://172.16.5.4/v1', refused('172.16.5.4', 'private')],
    ['http://192.168.1.20:8000/v1', refused('192.168.1.20', 'private')],
    ['http://100.64.0.1/v1', refused('100.64.0.1', 'shared')],
    ['http://0.0.0.0:3000/v1', refused('0.0.0.0', 'unspecified')],
    ['http://[::1]:11434/v1', refused('::1', 'loopback')],
    ['http://[::]/v1', refused('::', 'unspecified')],
    ['http://[fe80::1]/v1', refused('fe80::1', 'link-local')],
    ['http://[fd00::5]/v1', refused('fd00::5', 'private')],
    ['http://[::ffff:127.0.0.1]/v1', refused('::ffff:7f00:1', 'loopback')],
    ['http://[::ffff:a9fe:a9fe]/v1', refused('::ffff:a9fe:a9fe', 'link-local')],
    ['http://[64:ff9b::10.0.0.1]/v1', refused('64:ff9b::a00:1', 'private')],
    ['http://2130706433/v1', refused('127.0.0.1', 'loopback')],
    ['http://0x7f.1/v1', refused('127.0.0.1', 'loopback')],
    ['http://017700000001/v1', refused('127.0.0.1', 'loopback')],
    ['http://127.1/v1', refused('127.0.0.1', 'loopback')],
    ['http://2852039166/latest/meta-data/', refused('169.254.169.254', 'link-local')],
    ['http://localhost:11434/v1', refused('127.0.0.1', 'loopback')],
    ['http://LOCALHOST./v1', refused('127.0.0.1', 'loopback')],
    ['http://ollama.localhost/v1', refused('127.0.0.1', 'loopback')],
    ['http://metadata.example.com/v1', refused('169.254.169.254', 'link-local')],
    ['http://intranet.example.com/v1', refused('10.0.0.7', 'private')],
    ['http://split.example.com/v1', refused('127.0.0.1', 'loopback')],
    ['http://mapped.example.com/v1', refused('::ffff:127.0.0.1', 'loopback')],
    ['http://nowhere.example.com/v1', { reason: 'unresolvable' }],
  ])('%s', async (url, expected) => {
    expect(await guard.checkUrl(url)).toEqual(expected);
  });

  it('lets through the networks the operator allows, and nothing more', async () => {
    const allowing = createAddressGuard({
      resolve: resolveFromTable,
      allowedNetworks: ['127.0.0.0/8', '::1', '10.0.0.0/8'],
    });
    expect(await allowing.checkUrl('http://127.0.0.1:11434/v1')).toBeUndefined();
    expect(await allowing.checkUrl('http://localhost:11434/v1')).toBeUndefined();
    expect(await allowing.checkUrl('http://intranet.example.com/v1')).toBeUndefined();
    expect(await allowing.checkUrl('http://169.254.169.254/')).toEqual(refused('169.254.169.254', 'link-local'));
  });
});
