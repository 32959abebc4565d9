import { useId, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { CalibrationView } from '../api/routing-policy-api';
import { useResetCalibration } from '../hooks/use-routing-policy';
import { describeCalibration, hasCalibration } from '../lib/calibration-summary';

interface CalibrationSectionProps {
  calibration: CalibrationView;
  /** Administrators only, as the server allows; hidden in edit mode, where it would look like part of Save. */
  showReset: boolean;
  onFailure: (error: unknown) => void;
}

/** How the organisation's feedback has moved Auto, in plain words, and Reset calibration behind a confirmation. */
export function CalibrationSection({ calibration, showReset, onFailure }: CalibrationSectionProps) {
  const reset = useResetCalibration();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();

  async function confirmReset() {
    try {
      await reset.mutateAsync();
      toast.success('Calibration reset');
    } catch (error) {
      onFailure(error);
    } finally {
      setConfirming(false);
    }
  }

  return (
    <section aria-labelledby={titleId} className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-slate-900 dark:text-white">
          Calibration from feedback
        </h3>
        {showReset && hasCalibration(calibration) ? (
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => setConfirming(true)}>
            Reset calibration
          </Button>
        ) : null}
      </div>
      <p className="mt-2 text-sm font-medium break-words text-slate-900 dark:text-slate-100" data-testid="calibration-summary">
        {describeCalibration(calibration)}
      </p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        Poor ratings of replies Auto gave with a cheaper model, and asking those again, move it toward stronger models; good ratings move it back a
        little. The adjustment stays within 0.15 either way.
      </p>
      {confirming ? (
        <ConfirmDialog
          title="Reset calibration?"
          description="Auto will route as the benchmarks set it, forgetting how your users' feedback has moved it. Feedback from now on starts a new calibration."
          confirmLabel="Reset calibration"
          pendingLabel="Resetting..."
          pending={reset.isPending}
          onConfirm={() => void confirmReset()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
