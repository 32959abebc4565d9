import type { SubscriptionAnalytics } from '@contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, Facts } from '../../admin/components/card';
import { DayRangeFields } from '../../admin/components/day-range-fields';
import { SelectField } from '../../admin/components/form-fields';
import { isOrderedRange, type DayRange } from '../../admin/lib/day-range';
import { formatCount, formatDay, formatUsd } from '../../admin/lib/format';
import { savingsModelChoices, summariseSavings, type SavingsDay } from '../lib/cost-savings';
import { buildCostSavingsCsv, costSavingsFileName } from '../lib/cost-savings-csv';
import { dashboardTexts } from '../lib/dashboard-texts';
import { downloadTextFile } from '../lib/download-file';
import { BarChart } from './charts/bar-chart';
import { EmptyState } from './empty-state';
import { PlanFeatureNote } from '../../billing/components/plan-feature-note';
import { usePlanFeature } from '../../billing/hooks/use-plan-feature';

interface CostSavingsCardProps {
  analytics: SubscriptionAnalytics;
  range: DayRange;
  /** The range the page opened with (the last 30 days): nothing in it is "this period". */
  defaultRange: DayRange;
  onRangeChange: (range: DayRange) => void;
  /** A new range is being read. */
  updating: boolean;
}

/** Axis ticks: a day of light use costs fractions of a cent, which two decimals would all show as $0.00. */
const formatAxisUsd = (value: number) => (value > 0 && value < 0.01 ? `$${value.toPrecision(1)}` : formatUsd(value));

const savingsSeries = [
  { name: 'Actual cost', color: '#6366f1', value: (day: SavingsDay) => day.actual_cost },
  { name: 'Without router', color: '#94a3b8', value: (day: SavingsDay) => day.potential_cost },
];

/** A model's cost against "without the router" per day over a chosen range, and its CSV. */
export function CostSavingsCard({ analytics, range, defaultRange, onRangeChange, updating }: CostSavingsCardProps) {
  const [chosenModelId, setChosenModelId] = useState<string | null>(null);
  const choices = savingsModelChoices(analytics);
  const modelId = choices.some((choice) => choice.model_id === chosenModelId)
    ? chosenModelId
    : (choices[0]?.model_id ?? null);
  const model = analytics.cost_savings.find((candidate) => candidate.model_id === modelId);
  const summary = model && model.daily_savings.length > 0 ? summariseSavings(model) : null;
  const adjusted = range.from !== defaultRange.from || range.to !== defaultRange.to;

  let emptyText: string | null = null;
  if (!isOrderedRange(range)) emptyText = dashboardTexts.noDataInRange;
  else if (analytics.cost_savings.length === 0)
    emptyText = adjusted ? dashboardTexts.noDataInRange : dashboardTexts.noCostSavings;
  else if (!summary) emptyText = dashboardTexts.noSavingsForModel;

  const exportCsv = () => {
    if (summary && modelId) downloadTextFile(costSavingsFileName(modelId, range), buildCostSavingsCsv(summary.days));
  };
  // A CSV file is the plan's (docs/decisions/041); the figures stay on screen on every plan.
  const csvExports = usePlanFeature('csv_exports');

  return (
    <Card
      title="Cost Savings Analysis"
      className="lg:col-span-2"
      actions={
        <Button
          variant="secondary"
          onClick={exportCsv}
          disabled={!summary || emptyText !== null || csvExports.included === false}
        >
          Export CSV
        </Button>
      }
    >
      {csvExports.included === false ? (
        <div className="mb-3">
          <PlanFeatureNote note={csvExports.note} />
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3" aria-busy={updating}>
        <SelectField
          label="Model"
          value={modelId ?? ''}
          disabled={choices.length === 0}
          onChange={(event) => setChosenModelId(event.target.value)}
        >
          {choices.length === 0 ? <option value="">No models</option> : null}
          {choices.map((choice) => (
            <option key={choice.model_id} value={choice.model_id}>
              {choice.model_name}
            </option>
          ))}
        </SelectField>
        <DayRangeFields range={range} onChange={onRangeChange} />
      </div>
      <div className="mt-4">
        {emptyText !== null || !summary ? (
          <EmptyState text={emptyText ?? dashboardTexts.noSavingsForModel} />
        ) : (
          <>
            <Facts
              facts={[
                { label: 'Period Savings', value: formatUsd(summary.periodSavings) },
                { label: 'Tokens Processed', value: formatCount(summary.tokensProcessed) },
                { label: 'Actual Cost', value: formatUsd(summary.actualCost) },
                { label: 'Without Router', value: formatUsd(summary.potentialCost) },
              ]}
            />
            <div className="mt-4">
              <BarChart
                label={`Actual cost against cost without the router per day, ${model?.model_name ?? ''}`}
                points={summary.days}
                series={savingsSeries}
                pointLabel={(day) => formatDay(day.date)}
                tooltip={(day) => [
                  formatDay(day.date),
                  `${formatCount(day.tokens_used)} tokens`,
                  `Actual ${formatUsd(day.actual_cost)}`,
                  `Without router ${formatUsd(day.potential_cost)}`,
                ]}
                formatValue={formatAxisUsd}
              />
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
