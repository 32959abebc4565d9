import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Card, Facts } from '../../admin/components/card';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import { PlanFeatureNote } from '../../billing/components/plan-feature-note';
import { usePlanFeature } from '../../billing/hooks/use-plan-feature';
import type { CatalogModelEntry } from '../../role-management/hooks/use-model-catalog';
import { fallbackModelName } from '../../role-management/lib/model-groups';
import type { RoutingPolicyView } from '../api/routing-policy-api';
import { useRoutingPolicy, useRoutingPolicyAccess } from '../hooks/use-routing-policy';
import type { FormProblems } from '../lib/form-problems';
import type { RoutingDraft } from '../lib/routing-draft';
import { CalibrationSection } from './calibration-section';
import { RoutingCacheFields } from './routing-cache-fields';

const routingCardTitle = 'Routing & Cache';

const onOff = (on: boolean) => (on ? 'On' : 'Off');
const percent = (share: number) => `${Number((share * 100).toFixed(2))}%`;

interface RoutingCacheCardProps {
  models: readonly CatalogModelEntry[];
  /** Present in edit mode, for those the server lets change the policy. */
  draft?: RoutingDraft;
  problems: FormProblems;
  onChange: <Field extends keyof RoutingDraft>(field: Field, value: RoutingDraft[Field]) => void;
  /** The page's red banner. */
  onFailure: (error: unknown) => void;
}

function RoutingFacts({ answer, modelName }: { answer: RoutingPolicyView; modelName: (modelId: string) => string }) {
  const { policy, effective } = answer;
  const ladder = effective.candidate_model_ids.map(modelName).join(', ') || 'None reachable now: add a provider key';
  const strongest = effective.reference_model_id
    ? `the strongest available, now ${modelName(effective.reference_model_id)}`
    : 'the strongest available';
  return (
    <Facts
      facts={[
        {
          label: 'Routing',
          value: policy.enabled
            ? 'On: Auto chooses a model for each prompt'
            : 'Off: Auto answers with the strongest model',
        },
        { label: 'Quality target', value: `${percent(policy.quality_target)} of the strongest model's quality` },
        {
          label: 'Models Auto may choose',
          value:
            policy.candidate_model_ids === null
              ? `Every model the organization can reach: ${ladder}`
              : policy.candidate_model_ids.map(modelName).join(', '),
        },
        {
          label: 'Reference model for savings',
          value: policy.reference_model_id === null ? strongest : modelName(policy.reference_model_id),
        },
        { label: 'Cache', value: onOff(policy.cache.enabled) },
        {
          label: 'Cache similarity threshold',
          value:
            policy.cache.threshold === null
              ? `${effective.cache_threshold} (the default)`
              : String(policy.cache.threshold),
        },
      ]}
    />
  );
}

/**
 * How Auto routes and caches for the organisation, and how its users' feedback has moved it
 * (docs/decisions/012, 025, 028). Shown to whoever the server lets read the policy.
 */
export function RoutingCacheCard({ models, draft, problems, onChange, onFailure }: RoutingCacheCardProps) {
  const access = useRoutingPolicyAccess();
  const routing = useRoutingPolicy(access.mayManage);
  const plan = usePlanFeature('custom_routing');
  useReportFailure(routing.error, onFailure);
  if (!access.mayManage) return null;
  const modelName = (modelId: string) =>
    models.find((model) => model.id === modelId)?.name ?? fallbackModelName(modelId);
  const answer = routing.data;
  return (
    <Card title={routingCardTitle} className="lg:col-span-2">
      {plan.included === false ? (
        <div className="mb-3">
          <PlanFeatureNote note={`${plan.note} The policy below stays in effect.`} />
        </div>
      ) : null}
      {answer ? (
        <>
          {draft ? (
            <RoutingCacheFields
              answer={answer}
              models={models}
              draft={draft}
              problems={problems}
              onChange={onChange}
              modelName={modelName}
            />
          ) : (
            <RoutingFacts answer={answer} modelName={modelName} />
          )}
          <CalibrationSection
            calibration={answer.calibration}
            showReset={access.mayReset && !draft}
            onFailure={onFailure}
          />
        </>
      ) : routing.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the routing policy" />
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
          <p>The routing policy could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => void routing.refetch()}>
            Try again
          </Button>
        </div>
      )}
    </Card>
  );
}
