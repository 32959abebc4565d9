import type { OrganisationSettings } from '../../contracts';
import type { Executor } from '../db/database';
import type { Caller } from '../http/context';
import { readStoredPreferences } from '../users/preferences-repository';
import type { UsableModel } from '../usage/model-access';

/**
 * The model the chat's model selector starts on (docs/decisions/021): the person's own default
 * model once they saved one in App Settings (null there is Auto, their choice), otherwise their
 * organisation's default model; either only while it is open to them. Null is Auto, the product's
 * default: the router chooses.
 */
export async function startingModelId(
  db: Executor,
  caller: Caller,
  usable: readonly UsableModel[],
  settings: OrganisationSettings,
): Promise<string | null> {
  const stored = await readStoredPreferences(db, caller.orgId, caller.userId);
  const isOpen = (modelId: unknown): modelId is string =>
    typeof modelId === 'string' && usable.some((candidate) => candidate.model.id === modelId);
  if (stored && 'default_model' in stored) {
    if (stored.default_model === null || isOpen(stored.default_model)) return stored.default_model ?? null;
  }
  return isOpen(settings.default_model) ? settings.default_model : null;
}
