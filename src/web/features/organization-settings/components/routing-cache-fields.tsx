import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { CheckboxField, SelectField } from '../../admin/components/form-fields';
import type { CatalogModelEntry } from '../../role-management/hooks/use-model-catalog';
import type { RoutingPolicyView } from '../api/routing-policy-api';
import type { FormProblems } from '../lib/form-problems';
import { routingProblemKey, type RoutingDraft } from '../lib/routing-draft';
import { ShadowEvaluationFields } from './shadow-evaluation-fields';

export interface RoutingCacheFieldsProps {
  answer: RoutingPolicyView;
  models: readonly CatalogModelEntry[];
  draft: RoutingDraft;
  problems: FormProblems;
  onChange: <Field extends keyof RoutingDraft>(field: Field, value: RoutingDraft[Field]) => void;
  modelName: (modelId: string) => string;
  /** Administrators only: the server refuses a change to shadow evaluation from anyone else. */
  showShadowEvaluation: boolean;
}

/** The Routing & Cache card in edit mode. */
export function RoutingCacheFields({
  answer,
  models,
  draft,
  problems,
  onChange,
  modelName,
  showShadowEvaluation,
}: RoutingCacheFieldsProps) {
  const problem = (field: keyof RoutingDraft) => problems[routingProblemKey(field)];
  // A model the policy names stays offered even when the catalog no longer lists it.
  const choices = [
    ...models.map((model) => model.id),
    ...draft.candidate_model_ids.filter((id) => !models.some((model) => model.id === id)),
  ];
  const strongest = answer.effective.reference_model_id;
  const toggleCandidate = (modelId: string, chosen: boolean) =>
    onChange(
      'candidate_model_ids',
      chosen ? [...draft.candidate_model_ids, modelId] : draft.candidate_model_ids.filter((id) => id !== modelId),
    );
  const candidatesProblem = problem('candidate_model_ids');
  const candidatesErrorId = useId();
  const defaultThreshold =
    answer.policy.cache.threshold === null ? `Default (${answer.effective.cache_threshold})` : 'Default';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <CheckboxField
        label="Route prompts automatically"
        checked={draft.enabled}
        onChange={(checked) => onChange('enabled', checked)}
        hint="Off: Auto always answers with the strongest model the person may use."
      />
      <TextField
        label="Quality target (%)"
        type="number"
        min={50}
        max={100}
        step="any"
        inputMode="decimal"
        hint="The share of the strongest model's quality Auto aims for, 50 to 100; lower saves more."
        error={problem('quality_target_percent')}
        value={draft.quality_target_percent}
        onChange={(event) => onChange('quality_target_percent', event.target.value)}
      />
      <div className="sm:col-span-2">
        <CheckboxField
          label="Auto may choose every model the organization can reach"
          checked={draft.every_model}
          onChange={(checked) => {
            onChange('every_model', checked);
            // Naming models starts from the ones Auto uses now.
            if (!checked && draft.candidate_model_ids.length === 0)
              onChange('candidate_model_ids', answer.effective.candidate_model_ids);
          }}
          hint="Untick to name the models Auto chooses among."
        />
        {draft.every_model ? null : (
          <fieldset className="mt-3" aria-describedby={candidatesProblem ? candidatesErrorId : undefined}>
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Models Auto may choose</legend>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {choices.map((modelId) => (
                <li key={modelId}>
                  <CheckboxField
                    label={modelName(modelId)}
                    checked={draft.candidate_model_ids.includes(modelId)}
                    onChange={(checked) => toggleCandidate(modelId, checked)}
                  />
                </li>
              ))}
            </ul>
            {candidatesProblem ? (
              <p id={candidatesErrorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
                {candidatesProblem}
              </p>
            ) : null}
          </fieldset>
        )}
      </div>
      <SelectField
        label="Reference model for savings"
        hint="Savings are what the same replies would have cost on this model."
        value={draft.reference_model_id}
        error={problem('reference_model_id')}
        onChange={(event) => onChange('reference_model_id', event.target.value)}
      >
        <option value="">
          {strongest ? `Strongest available (now ${modelName(strongest)})` : 'Strongest available'}
        </option>
        {choices.map((modelId) => (
          <option key={modelId} value={modelId}>
            {modelName(modelId)}
          </option>
        ))}
      </SelectField>
      <div className="hidden sm:block" />
      <CheckboxField
        label="Answer repeated questions from the cache"
        checked={draft.cache_enabled}
        onChange={(checked) => onChange('cache_enabled', checked)}
      />
      <TextField
        label="Cache similarity threshold"
        type="number"
        min={0.5}
        max={1}
        step="any"
        inputMode="decimal"
        placeholder={defaultThreshold}
        hint="0.5 to 1: how alike a new question must be to a cached one; higher answers from the cache less often. Empty uses the default."
        error={problem('cache_threshold')}
        value={draft.cache_threshold}
        onChange={(event) => onChange('cache_threshold', event.target.value)}
      />
      <TextField
        label="Cache error rate (%)"
        type="number"
        min={0.1}
        max={50}
        step="any"
        inputMode="decimal"
        hint="0.1 to 50: once your organization's learned cache threshold has enough labels, at most this share of the cache hits it serves without a judge may be wrong; lower asks the judge more often or answers from the cache less."
        error={problem('cache_error_rate_percent')}
        value={draft.cache_error_rate_percent}
        onChange={(event) => onChange('cache_error_rate_percent', event.target.value)}
      />
      <div className="hidden sm:block" />
      {showShadowEvaluation ? (
        <ShadowEvaluationFields
          draft={draft}
          problems={problems}
          onChange={onChange}
          choices={models.map((model) => model.id)}
          modelName={modelName}
        />
      ) : null}
    </div>
  );
}
