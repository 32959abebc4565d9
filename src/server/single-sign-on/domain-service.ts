import { randomBytes } from 'node:crypto';
import { singleSignOnMessages, type SingleSignOnDomain } from '../../contracts';
import { makeAdministrativeChange } from '../audit/administrative-change';
import { AppError, notFound, validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import { uniqueViolationIndex } from '../shared/unique-violation';
import { challengeRecordName, challengeRecordValue } from './domain-proof';
import {
  deleteDomain,
  findDomain,
  insertDomain,
  isDomainVerifiedElsewhere,
  markDomainVerified,
  type DomainRecord,
} from './domain-repository';
import { presentDomain } from './present-settings';
import type { SingleSignOnDependencies } from './single-sign-on-dependencies';

const taken = (domain: string) =>
  new AppError('conflict', singleSignOnMessages.domainTaken(domain), {
    fields: { domain: singleSignOnMessages.domainTaken(domain) },
  });

/**
 * Claims an e-mail domain for the organisation's single sign-on. It counts once proven: by the
 * TXT record answered here, or at once where the operator vouches for it. A domain another
 * organisation proved cannot be claimed.
 */
export async function addDomain(
  dependencies: SingleSignOnDependencies,
  caller: Caller,
  domain: string,
): Promise<SingleSignOnDomain> {
  const { db, domainProof } = dependencies;
  try {
    return await makeAdministrativeChange(db, caller, async ({ transaction, record }) => {
      if (await findDomain(transaction, caller.orgId, domain))
        throw new AppError('conflict', singleSignOnMessages.domainAlreadyAdded, {
          fields: { domain: singleSignOnMessages.domainAlreadyAdded },
        });
      if (await isDomainVerifiedElsewhere(transaction, caller.orgId, domain)) throw taken(domain);
      let added: DomainRecord = await insertDomain(transaction, {
        orgId: caller.orgId,
        domain,
        verificationToken: randomBytes(18).toString('base64url'),
      });
      if (domainProof.vouchedFor(domain))
        added = (await markDomainVerified(transaction, caller.orgId, domain, 'operator'))!;
      await record({
        action: 'sso.domain_add',
        targetType: 'single_sign_on',
        targetId: caller.orgId,
        before: null,
        after: { domain, verified: added.verifiedAt !== null },
      });
      return presentDomain(added);
    });
  } catch (error) {
    if (uniqueViolationIndex(error) === 'sso_domains_verified_unique') throw taken(domain);
    throw error;
  }
}

/** Looks for the domain's TXT record now (with a deadline) and marks the domain proven when it is there. */
export async function verifyDomain(
  dependencies: SingleSignOnDependencies,
  caller: Caller,
  domain: string,
): Promise<SingleSignOnDomain> {
  const { db, domainProof } = dependencies;
  const claimed = await findDomain(db, caller.orgId, domain);
  if (!claimed) throw notFound(singleSignOnMessages.domainNotFound);
  if (claimed.verifiedAt) return presentDomain(claimed);
  if (await isDomainVerifiedElsewhere(db, caller.orgId, domain)) throw taken(domain);
  const vouched = domainProof.vouchedFor(domain);
  const value = challengeRecordValue(claimed.verificationToken);
  if (!vouched && !(await domainProof.hasRecord(domain, value))) {
    const message = singleSignOnMessages.domainRecordMissing(challengeRecordName(domain), value);
    throw validationFailed(message, { domain: message });
  }
  try {
    return await makeAdministrativeChange(db, caller, async ({ transaction, record }) => {
      const verified = await markDomainVerified(transaction, caller.orgId, domain, vouched ? 'operator' : 'dns');
      if (!verified) throw notFound(singleSignOnMessages.domainNotFound);
      await record({
        action: 'sso.domain_verify',
        targetType: 'single_sign_on',
        targetId: caller.orgId,
        before: { domain, verified: false },
        after: { domain, verified: true, verified_by: verified.verifiedBy },
      });
      return presentDomain(verified);
    });
  } catch (error) {
    if (uniqueViolationIndex(error) === 'sso_domains_verified_unique') throw taken(domain);
    throw error;
  }
}

export async function removeDomain(
  dependencies: SingleSignOnDependencies,
  caller: Caller,
  domain: string,
): Promise<void> {
  await makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const existing = await findDomain(transaction, caller.orgId, domain);
    if (!existing || !(await deleteDomain(transaction, caller.orgId, domain)))
      throw notFound(singleSignOnMessages.domainNotFound);
    await record({
      action: 'sso.domain_remove',
      targetType: 'single_sign_on',
      targetId: caller.orgId,
      before: { domain, verified: existing.verifiedAt !== null },
      after: null,
    });
  });
}
