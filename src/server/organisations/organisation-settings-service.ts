import { readCallerState } from '../caller-state/caller-state-registry';
import {
  defaultOrganisationSettings,
  messages,
  organisationRuleMessages,
  type OrganisationSettings,
  type UpdateOrganisationSettingsRequest,
} from '../../contracts';
import type { CatalogModel } from '../../gateway';
import { makeAdministrativeChange } from '../audit/administrative-change';
import { isAddressAllowed } from './sign-in-rules';
import { requirePlanFeature } from '../billing/plan-features';
import type { Database, Executor } from '../db/database';
import { validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import { findStoredSettings, saveSettings } from './organisation-settings-repository';

/**
 * The organisation's settings as they apply now: what it saved, or spec section 9's defaults.
 * The one call for code that puts them into effect (retention, sign-in rules, chat defaults, branding).
 */
export async function getOrganisationSettings(db: Executor, orgId: string): Promise<OrganisationSettings> {
  return readCallerState(
    db,
    orgId,
    'organisation-settings',
    async () => (await findStoredSettings(db, orgId)) ?? defaultOrganisationSettings,
  );
}

/**
 * Saves any subset of the settings over the current ones; the default model must be one the catalog
 * has, and IP restrictions must let in the address the change comes from, so an admin cannot lock
 * themselves out.
 */
export async function updateOrganisationSettings(
  dependencies: { db: Database; catalog: readonly CatalogModel[] },
  caller: Caller,
  input: UpdateOrganisationSettingsRequest,
  clientAddress: string,
): Promise<OrganisationSettings> {
  const model = input.default_model;
  if (model && !dependencies.catalog.some((candidate) => candidate.id === model)) {
    throw validationFailed(messages.unknownModel(model), { default_model: messages.unknownModel(model) });
  }
  const restrictions = input.security?.ip_restrictions;
  if (restrictions && !isAddressAllowed(clientAddress, restrictions)) {
    const message = organisationRuleMessages.restrictionsWouldLockYouOut(clientAddress);
    throw validationFailed(message, { 'security.ip_restrictions': message });
  }
  return makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const before = await getOrganisationSettings(transaction, caller.orgId);
    // Turning it on needs the plan (docs/decisions/041); one already on stays on, and may be turned off.
    if (input.security?.require_2fa === true && !before.security.require_2fa)
      await requirePlanFeature(transaction, caller.orgId, 'require_2fa');
    const after: OrganisationSettings = {
      ...before,
      ...input,
      security: { ...before.security, ...input.security },
      branding: { ...before.branding, ...input.branding },
      api_access: { ...before.api_access, ...input.api_access },
    };
    await saveSettings(transaction, caller.orgId, after);
    await record({ action: 'settings.update', targetType: 'settings', targetId: caller.orgId, before, after });
    return after;
  });
}
