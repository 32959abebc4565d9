import type { SubscriptionAnalytics } from '@contracts';
import { useState } from 'react';
import { Card, Facts } from '../../admin/components/card';
import { DayRangeFields } from '../../admin/components/day-range-fields';
import { SelectField } from '../../admin/components/form-fields';
import { isOrderedRange, type DayRange } from '../../admin/lib/day-range';
import { formatCount, formatDay } from '../../admin/lib/format';
import { savingsModelChoices, summariseSavings, type SavingsDay } from '../lib/cost-savings';
import { buildCostSavingsCsv, costSavingsFileName } from '../lib/cost-savings-csv';
import { dashboardTexts } from '../lib/dashboard-texts';
import { downloadTextFile } from '../lib/download-file';
import { BarChart } from './charts/bar-chart';
import { EmptyState } from './empty-state';
import { CsvExportsPlanNote, ExportCsvButton } from './csv-export';
import { formatMoney } from '../../../lib/format-money';

interface CostSavingsCardProps {
  analytics: SubscriptionAnalytics;
  range: DayRange;
  /** The range the page opened with (the last 30 days): nothing in it is "this period". */
  defaultRange: DayRange;
  onRangeChange: (range: DayRange) => void;
  /** A new range is being read. */
  updating: boolean;
}

/** The period's one saving: every model together over the range, as the server summed it. */
function TotalSavings({ total }: { total: SubscriptionAnalytics['cost_savings_total'] }) {
  return (
    <p
      data-testid="total-savings"
      className="mt-4 rounded-md bg-brand-soft px-3 py-2 text-sm text-slate-800 dark:text-slate-100"
    >
      <span className="font-semibold">Total savings, all models: {formatMoney(total.savings)}</span> (
      {formatMoney(total.actual_cost)} spent against {formatMoney(total.potential_cost)} without the router)
    </p>
  );
}

const savingsSeries = [
  { name: 'Actual cost', color: 'var(--color-brand)', value: (day: SavingsDay) => day.actual_cost },
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

  return (
    <Card
      title="Cost Savings Analysis"
      className="lg:col-span-2"
      actions={<ExportCsvButton onExport={exportCsv} ready={summary !== null && emptyText === null} />}
    >
      <CsvExportsPlanNote />
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
      {isOrderedRange(range) && analytics.cost_savings.length > 0 ? (
        <TotalSavings total={analytics.cost_savings_total} />
      ) : null}
      <div className="mt-4">
        {emptyText !== null || !summary ? (
          <EmptyState text={emptyText ?? dashboardTexts.noSavingsForModel} />
        ) : (
          <>
            <Facts
              facts={[
                { label: `Period Savings, ${model?.model_name ?? ''}`, value: formatMoney(summary.periodSavings) },
                { label: 'Tokens Processed', value: formatCount(summary.tokensProcessed) },
                { label: 'Actual Cost', value: formatMoney(summary.actualCost) },
                { label: 'Without Router', value: formatMoney(summary.potentialCost) },
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
                  `Actual ${formatMoney(day.actual_cost)}`,
                  `Without router ${formatMoney(day.potential_cost)}`,
                ]}
                valueKind="money"
              />
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
