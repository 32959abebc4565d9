import { Resolver } from 'node:dns/promises';

/** How an organisation proves an e-mail domain is its own before its identity provider may sign people in for it. */
export interface DomainProof {
  /** 'off': the operator vouches for every domain (instances without DNS checks). */
  mode: 'dns' | 'off';
  /** The operator vouches for this domain (SSO_TRUSTED_DOMAINS, or the mode is 'off'): verified without a record. */
  vouchedFor(domain: string): boolean;
  /** Whether the domain's challenge TXT record holds this value now. */
  hasRecord(domain: string, value: string): Promise<boolean>;
}

export interface DomainProofOptions {
  mode: 'dns' | 'off';
  /** Domains the operator vouches for; each covers its subdomains too. */
  trustedDomains: readonly string[];
  /** Resolvers to ask ('203.0.113.53', '127.0.0.1:5353'); empty, the system's. */
  dnsServers: readonly string[];
  /** A deadline for each query: DNS that does not answer is a missing record, not a hung request. */
  timeoutMs?: number;
}

/** The record an administrator adds: `_tokenwise-challenge.<domain>` TXT `tokenwise-domain-verification=<token>`. */
export const challengeRecordName = (domain: string) => `_tokenwise-challenge.${domain}`;
export const challengeRecordValue = (token: string) => `tokenwise-domain-verification=${token}`;

export function createDomainProof(options: DomainProofOptions): DomainProof {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3_000, tries: 2 });
  if (options.dnsServers.length > 0) resolver.setServers([...options.dnsServers]);
  const trusted = options.trustedDomains.map((domain) => domain.toLowerCase().replace(/\.$/, ''));
  return {
    mode: options.mode,
    vouchedFor: (domain) =>
      options.mode === 'off' || trusted.some((entry) => domain === entry || domain.endsWith(`.${entry}`)),
    async hasRecord(domain, value) {
      try {
        const records = await resolver.resolveTxt(challengeRecordName(domain));
        // A long TXT value arrives in 255-byte strings that belong together.
        return records.some((chunks) => chunks.join('') === value);
      } catch {
        return false;
      }
    },
  };
}
