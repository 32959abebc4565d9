import { useId, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { CalibrationView } from '../api/routing-policy-api';
import { useResetCalibration } from '../hooks/use-routing-policy';
import { describeCalibration, hasCalibration, noAdjustment } from '../lib/calibration-summary';

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
  const lines = describeCalibration(calibration);

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
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Reset calibration
          </Button>
        ) : null}
      </div>
      <div
        className="mt-2 text-sm font-medium break-words text-slate-900 dark:text-slate-100"
        data-testid="calibration-summary"
      >
        {lines.length === 0 ? (
          <p>{noAdjustment}</p>
        ) : (
          <ul className="space-y-1">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        Each kind of prompt has its own adjustment: poor ratings of replies Auto gave with a cheaper model, asking those
        again and editing the prompt move it toward stronger models; good ratings move it back a little, within 0.15
        either way. Poor ratings of replies reused from the cache make the cache stricter, by at most 0.10; it never
        becomes laxer than the policy.
      </p>
      {confirming ? (
        <ConfirmDialog
          title="Reset calibration?"
          description="Auto and the cache will work as the policy sets them, forgetting how your users' feedback has moved them. Feedback from now on starts a new calibration."
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
