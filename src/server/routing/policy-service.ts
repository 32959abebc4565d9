import {
  effectiveDeadlines,
  roleGrantsScope,
  type RoutingPolicy,
  type RoutingPolicyResponse,
  type UpdateRoutingPolicyRequest,
} from '../../contracts';
import { findModel, listAvailableModels, promptKinds, type CatalogModel } from '../../gateway';
import type { Database } from '../db/database';
import { makeAdministrativeChange } from '../audit/administrative-change';
import { requirePlanFeature } from '../billing/plan-features';
import type { Caller } from '../http/context';
import {
  loadCalibration,
  noCalibration,
  resetCalibration,
  type OrganisationCalibration,
} from './calibration/calibration-repository';
import { calibratedCacheThreshold } from './calibration/cache-calibration-rule';
import { forbidden, validationFailed } from '../http/app-error';
import { callerAccess } from '../http/context';
import type { OrganisationProviders } from '../provider-keys/organisation-providers';
import { autoLadder } from './auto-ladder';
import { loadRoutingPolicy, saveRoutingPolicy } from './policy-repository';
import { resolveReferenceModel } from './reference-model';
import type { RoutingPolicies } from './routing-policies';

export interface RoutingPolicyDependencies {
  /** For the savings report, mounted beside the policy, and the calibration. */
  db: Database;
  policies: RoutingPolicies;
  providers: OrganisationProviders;
  catalog: readonly CatalogModel[];
  localModelEnabled: boolean;
  /** The cache's own threshold, used where the policy sets none. */
  defaultCacheThreshold: number;
}

const shadowEvaluationAdminsOnly = 'Only administrators can change shadow evaluation';

const unknownModel = (field: string, id: string) =>
  validationFailed(`Unknown model: ${id}`, { [field]: `Unknown model: ${id}` });

export async function describeRoutingPolicy(
  dependencies: RoutingPolicyDependencies,
  orgId: string,
): Promise<RoutingPolicyResponse> {
  const policy = await dependencies.policies.load(orgId);
  const credentials = await dependencies.providers.credentialsFor(orgId);
  const available = listAvailableModels(dependencies.catalog, credentials, {
    localModelEnabled: dependencies.localModelEnabled,
  });
  const calibration = await loadCalibration(dependencies.db, orgId);
  const cacheThreshold = policy.cache.threshold ?? dependencies.defaultCacheThreshold;
  const when = (date: Date | null) => date?.toISOString() ?? null;
  return {
    policy,
    calibration: {
      kinds: promptKinds.map((kind) => ({
        kind,
        offset: calibration.kinds[kind].offset,
        signals: calibration.kinds[kind].signals,
        updated_at: when(calibration.kinds[kind].updatedAt),
      })),
      cache: {
        offset: calibration.cache.offset,
        threshold: calibratedCacheThreshold(cacheThreshold, calibration.cache.offset),
        signals: calibration.cache.signals,
        updated_at: when(calibration.cache.updatedAt),
      },
    },
    effective: {
      candidate_model_ids: autoLadder(available, policy.candidate_model_ids).models.map((model) => model.id),
      reference_model_id: resolveReferenceModel(dependencies.catalog, available, policy.reference_model_id)?.id ?? null,
      cache_threshold: cacheThreshold,
      deadlines: effectiveDeadlines(policy.deadlines),
    },
  };
}

/**
 * Applies a partial change, recorded in the audit log with the policy before and after; model ids
 * must be in the catalog (they may lack credentials for now).
 */
export async function updateRoutingPolicy(
  dependencies: RoutingPolicyDependencies,
  caller: Caller,
  change: UpdateRoutingPolicyRequest,
): Promise<RoutingPolicyResponse> {
  // A policy saved before stays in effect on any plan; changing it needs the plan (docs/decisions/041).
  await requirePlanFeature(dependencies.db, caller.orgId, 'custom_routing');
  for (const id of change.candidate_model_ids ?? [])
    if (!findModel(dependencies.catalog, id)) throw unknownModel('candidate_model_ids', id);
  if (change.reference_model_id && !findModel(dependencies.catalog, change.reference_model_id))
    throw unknownModel('reference_model_id', change.reference_model_id);
  if (change.shadow_evaluation) {
    // Sampling spends the organisation's money: administrators only (docs/decisions/067).
    if (!roleGrantsScope(callerAccess(caller), 'admin')) throw forbidden(shadowEvaluationAdminsOnly);
    const judge = change.shadow_evaluation.judge_model_id;
    if (judge && !findModel(dependencies.catalog, judge)) throw unknownModel('shadow_evaluation.judge_model_id', judge);
  }
  const saved = await makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    // Read in the change's transaction, under the organisation's lock: two saves at once cannot lose either's fields.
    const current = await loadRoutingPolicy(transaction, caller.orgId);
    const next: RoutingPolicy = {
      ...current,
      ...change,
      cache: { ...current.cache, ...change.cache },
      deadlines: { ...current.deadlines, ...change.deadlines },
      shadow_evaluation: { ...current.shadow_evaluation, ...change.shadow_evaluation },
    };
    await saveRoutingPolicy(transaction, caller.orgId, next);
    await record({
      action: 'routing.policy_update',
      targetType: 'routing',
      targetId: caller.orgId,
      before: current,
      after: next,
    });
    return next;
  });
  dependencies.policies.remember(caller.orgId, saved);
  return describeRoutingPolicy(dependencies, caller.orgId);
}

/** Each offset by what it moves, and the signals behind them all: what the audit log records of a reset. */
function auditedCalibration(calibration: OrganisationCalibration) {
  const offsets = {
    ...Object.fromEntries(promptKinds.map((kind) => [kind, calibration.kinds[kind].offset])),
    cache: calibration.cache.offset,
  };
  const signals = promptKinds.reduce((sum, kind) => sum + calibration.kinds[kind].signals, calibration.cache.signals);
  return { offsets, signals };
}

/** Back to the measured thresholds for the organisation (the router's for every kind, the cache's), recorded in its audit log. */
export async function resetRoutingCalibration(
  dependencies: RoutingPolicyDependencies,
  caller: Caller,
): Promise<RoutingPolicyResponse> {
  await makeAdministrativeChange(dependencies.db, caller, async (change) => {
    const before = await loadCalibration(change.transaction, caller.orgId);
    await resetCalibration(change.transaction, caller.orgId);
    await change.record({
      action: 'routing.calibration_reset',
      targetType: 'routing',
      targetId: caller.orgId,
      before: auditedCalibration(before),
      after: auditedCalibration(noCalibration),
    });
  });
  return describeRoutingPolicy(dependencies, caller.orgId);
}
