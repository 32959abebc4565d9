import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsTestServer, type DnsTestServer } from '../../../tests/support/dns-test-server';
import { challengeRecordName, challengeRecordValue, createDomainProof } from './domain-proof';

describe('domain proof', () => {
  let dns: DnsTestServer;
  beforeAll(async () => {
    dns = await startDnsTestServer();
  });
  afterAll(async () => {
    await dns.close();
  });

  it('finds the challenge record through the configured resolver, and only the exact value', async () => {
    const proof = createDomainProof({ mode: 'dns', trustedDomains: [], dnsServers: [dns.address], timeoutMs: 2_000 });
    const value = challengeRecordValue('token-1');
    expect(await proof.hasRecord('acme.test', value)).toBe(false);
    dns.txt.set(challengeRecordName('acme.test'), ['v=spf1 -all', value]);
    expect(await proof.hasRecord('acme.test', value)).toBe(true);
    expect(await proof.hasRecord('acme.test', challengeRecordValue('token-2'))).toBe(false);
    expect(await proof.hasRecord('other.test', value)).toBe(false);
  });

  it('joins a long value split into 255-byte strings', async () => {
    const proof = createDomainProof({ mode: 'dns', trustedDomains: [], dnsServers: [dns.address], timeoutMs: 2_000 });
    const value = challengeRecordValue('x'.repeat(400));
    dns.txt.set(challengeRecordName('long.test'), [value]);
    expect(await proof.hasRecord('long.test', value)).toBe(true);
  });

  it('answers false, within its deadline, when DNS does not answer', async () => {
    const silent = createDomainProof({ mode: 'dns', trustedDomains: [], dnsServers: ['127.0.0.1:9'], timeoutMs: 300 });
    const started = Date.now();
    expect(await silent.hasRecord('acme.test', 'anything')).toBe(false);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('vouches for the operator’s domains and their subdomains, or for every domain when verification is off', () => {
    const trusting = createDomainProof({ mode: 'dns', trustedDomains: ['corp.test'], dnsServers: [] });
    expect(trusting.vouchedFor('corp.test')).toBe(true);
    expect(trusting.vouchedFor('eu.corp.test')).toBe(true);
    expect(trusting.vouchedFor('notcorp.test')).toBe(false);
    expect(trusting.vouchedFor('acme.test')).toBe(false);
    expect(createDomainProof({ mode: 'off', trustedDomains: [], dnsServers: [] }).vouchedFor('acme.test')).toBe(true);
  });
});
