import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { SelectField } from '../../admin/components/form-fields';
import type { FormProblems } from '../lib/form-problems';
import { routingProblemKey, type RoutingDraft } from '../lib/routing-draft';

interface ShadowEvaluationFieldsProps {
  draft: RoutingDraft;
  problems: FormProblems;
  onChange: <Field extends keyof RoutingDraft>(field: Field, value: RoutingDraft[Field]) => void;
  /** The models the judge may be: the organisation's chat models, and the one the policy names. */
  choices: readonly string[];
  modelName: (modelId: string) => string;
}

/**
 * The routing form's Shadow evaluation group (docs/decisions/067), for administrators: the server
 * lets only them change it, since the sampling spends the organisation's money.
 */
export function ShadowEvaluationFields({ draft, problems, onChange, choices, modelName }: ShadowEvaluationFieldsProps) {
  const descriptionId = useId();
  const problem = (field: keyof RoutingDraft) => problems[routingProblemKey(field)];
  const judges = [
    ...choices,
    ...(draft.shadow_judge_model_id !== '' && !choices.includes(draft.shadow_judge_model_id)
      ? [draft.shadow_judge_model_id]
      : []),
  ];
  return (
    <div className="border-t border-slate-200 pt-4 sm:col-span-2 dark:border-slate-800">
      <fieldset aria-describedby={descriptionId}>
        <legend className="text-sm font-semibold text-slate-900 dark:text-white">Shadow evaluation</legend>
        <p id={descriptionId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          A share of the replies Auto gives with a cheaper model is answered again, in the background, by the strongest
          model, and a judge model says whether the cheaper reply was as good. The organization pays for these calls;
          the people chatting never wait for them or see them.
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          <TextField
            label="Sampling rate (%)"
            type="number"
            min={0}
            max={100}
            step="any"
            inputMode="decimal"
            hint="The percent of cheaper Auto replies evaluated, 0 to 100; 0 switches shadow evaluation off."
            error={problem('shadow_sampling_percent')}
            value={draft.shadow_sampling_percent}
            onChange={(event) => onChange('shadow_sampling_percent', event.target.value)}
          />
          <TextField
            label="Monthly sampling budget ($)"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            hint="US dollars, $0 to $100,000: sampling stops for the calendar month once it has spent this."
            error={problem('shadow_monthly_budget')}
            value={draft.shadow_monthly_budget}
            onChange={(event) => onChange('shadow_monthly_budget', event.target.value)}
          />
          <SelectField
            label="Judge model"
            hint="Reads the question and both answers."
            value={draft.shadow_judge_model_id}
            error={problem('shadow_judge_model_id')}
            onChange={(event) => onChange('shadow_judge_model_id', event.target.value)}
          >
            <option value="">The strongest model each person may use</option>
            {judges.map((modelId) => (
              <option key={modelId} value={modelId}>
                {modelName(modelId)}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
    </div>
  );
}
