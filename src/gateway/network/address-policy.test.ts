import { describe, expect, it } from 'vitest';
import { AddressRefusedError, createAddressPolicy, parseNetwork } from './address-policy';

describe('parseNetwork', () => {
  it.each([
    ['10.0.0.0/8', { address: '10.0.0.0', prefix: 8, family: 'ipv4' }],
    ['127.0.0.1', { address: '127.0.0.1', prefix: 32, family: 'ipv4' }],
    [' 192.168.1.0/24 ', { address: '192.168.1.0', prefix: 24, family: 'ipv4' }],
    ['0.0.0.0/0', { address: '0.0.0.0', prefix: 0, family: 'ipv4' }],
    ['fd00::/8', { address: 'fd00::', prefix: 8, family: 'ipv6' }],
    ['::1', { address: '::1', prefix: 128, family: 'ipv6' }],
  ])('reads %s', (text, expected) => {
    expect(parseNetwork(text)).toEqual(expected);
  });

  it.each([
    '',
    'localhost',
    '10.0.0.0/33',
    '::/129',
    '10.0.0.0/',
    '10.0.0.0/8/1',
    '10.0.0.0/-1',
    '10.0.0.0/x',
    '127.1',
    'ollama.internal/32',
  ])('refuses %j', (text) => {
    expect(parseNetwork(text)).toBeUndefined();
  });
});

describe('an address policy', () => {
  it('allows public addresses and refuses every other class by default', () => {
    const policy = createAddressPolicy();
    expect(policy.refusalFor('8.8.8.8')).toBeUndefined();
    expect(policy.refusalFor('2606:4700:4700::1111')).toBeUndefined();
    expect(policy.refusalFor('127.0.0.1')).toBe('loopback');
    expect(policy.refusalFor('169.254.169.254')).toBe('link-local');
    expect(policy.refusalFor('10.1.2.3')).toBe('private');
    expect(policy.refusalFor('::ffff:127.0.0.1')).toBe('loopback');
    expect(policy.refusalFor('not-an-address')).toBe('invalid');
  });

  it('allows exactly the networks the operator names, in both IPv4 spellings', () => {
    const policy = createAddressPolicy(['127.0.0.1/32', '10.20.0.0/16', 'fd00::/8']);
    expect(policy.refusalFor('127.0.0.1')).toBeUndefined();
    expect(policy.refusalFor('::ffff:127.0.0.1')).toBeUndefined();
    expect(policy.refusalFor('127.0.0.2')).toBe('loopback');
    expect(policy.refusalFor('::1')).toBe('loopback');
    expect(policy.refusalFor('10.20.3.4')).toBeUndefined();
    expect(policy.refusalFor('10.21.0.1')).toBe('private');
    expect(policy.refusalFor('fd12::1')).toBeUndefined();
    expect(policy.refusalFor('fc00::1')).toBe('private');
    expect(policy.refusalFor('169.254.169.254')).toBe('link-local');
  });

  it('opens everything only when told so explicitly', () => {
    const policy = createAddressPolicy(['0.0.0.0/0', '::/0']);
    for (const address of ['127.0.0.1', '169.254.169.254', '::1', 'fe80::1'])
      expect(policy.refusalFor(address)).toBeUndefined();
  });

  it('refuses to start from a list it cannot read', () => {
    expect(() => createAddressPolicy(['10.0.0.0/8', 'ollama.internal'])).toThrow("Not a network: 'ollama.internal'");
  });
});

describe('AddressRefusedError', () => {
  it('names the host, the address and its class, and is found inside the errors that wrap it', () => {
    const refused = new AddressRefusedError('rebind.example', '127.0.0.1', 'loopback');
    expect(refused.message).toBe('rebind.example resolves to 127.0.0.1, a loopback address, which is not allowed here');
    expect(new AddressRefusedError('10.0.0.1', '10.0.0.1', 'private').message).toBe(
      '10.0.0.1 is a private address, which is not allowed here',
    );
    const wrapped = new Error('Cannot connect to API', { cause: new TypeError('fetch failed', { cause: refused }) });
    expect(AddressRefusedError.find(wrapped)).toBe(refused);
    expect(AddressRefusedError.find(new Error('other'))).toBeUndefined();
  });
});
