import { Button } from '../../../components/ui/button';
import { PlanFeatureNote } from '../../billing/components/plan-feature-note';
import { usePlanFeature } from '../../billing/hooks/use-plan-feature';

/** A card's Export CSV: a file is the plan's (docs/decisions/041), while the figures stay on screen on every plan. */
export function ExportCsvButton({ onExport, ready }: { onExport: () => void; ready: boolean }) {
  const csvExports = usePlanFeature('csv_exports');
  return (
    <Button variant="secondary" onClick={onExport} disabled={!ready || csvExports.included === false}>
      Export CSV
    </Button>
  );
}

/** Which plan has the CSV exports, above a card's figures, when the organisation's plan does not. */
export function CsvExportsPlanNote() {
  const csvExports = usePlanFeature('csv_exports');
  if (csvExports.included !== false) return null;
  return (
    <div className="mb-3">
      <PlanFeatureNote note={csvExports.note} />
    </div>
  );
}
