import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Card, Facts } from '../../admin/components/card';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import { PlanFeatureNote } from '../../billing/components/plan-feature-note';
import { usePlanFeature } from '../../billing/hooks/use-plan-feature';
import type { CatalogModelEntry } from '../../role-management/hooks/use-model-catalog';
import { fallbackModelName } from '../../role-management/lib/model-groups';
import { formatMoney } from '../../../lib/format-money';
import type { RoutingPolicyView } from '../api/routing-policy-api';
import { useRoutingPolicy, useRoutingPolicyAccess } from '../hooks/use-routing-policy';
import type { FormProblems } from '../lib/form-problems';
import type { RoutingDraft } from '../lib/routing-draft';
import { CalibrationSection } from './calibration-section';
import { QualitySection } from './quality-section';
import { RoutingCacheFields } from './routing-cache-fields';

const routingCardTitle = 'Routing & Cache';

const onOff = (on: boolean) => (on ? 'On' : 'Off');
const percent = (share: number) => `${Number((share * 100).toFixed(2))}%`;

function describeShadowEvaluation(
  shadow: RoutingPolicyView['policy']['shadow_evaluation'],
  modelName: (modelId: string) => string,
): string {
  if (shadow.sampling_rate === 0) return 'Off';
  const judge =
    shadow.judge_model_id === null ? 'the strongest model each person may use' : modelName(shadow.judge_model_id);
  return `On: ${percent(shadow.sampling_rate)} of cheaper Auto replies, up to ${formatMoney(shadow.monthly_budget_usd)} a month, judged by ${judge}`;
}

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
        {
          label: 'Cache error rate',
          value: `At most ${percent(policy.cache.error_rate)} wrong among the hits the learned threshold serves without a judge`,
        },
        { label: 'Shadow evaluation', value: describeShadowEvaluation(policy.shadow_evaluation, modelName) },
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
              showShadowEvaluation={access.mayReset}
            />
          ) : (
            <RoutingFacts answer={answer} modelName={modelName} />
          )}
          <CalibrationSection
            calibration={answer.calibration}
            showReset={access.mayReset && !draft}
            onFailure={onFailure}
          />
          {access.mayReset ? <QualitySection samplingRate={answer.policy.shadow_evaluation.sampling_rate} /> : null}
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
