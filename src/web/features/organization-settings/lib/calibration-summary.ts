import { formatCount, formatDate } from '../../admin/lib/format';

/** The org-wide part of the calibration that this screen explains; other fields are left alone. */
export interface CalibrationFacts {
  /** Added to the router's threshold: negative sends more prompts to stronger models (docs/decisions/028). */
  offset: number;
  /** Ratings and regenerations that moved it since the last reset. */
  signals: number;
  /** When it last moved; null: never. */
  updated_at: string | null;
}

export const noAdjustment = 'No adjustment yet';

/** Whether there is anything for Reset calibration to undo. */
export const hasCalibration = (calibration: CalibrationFacts) => calibration.offset !== 0 || calibration.signals > 0;

// Steps are 0.015 and 0.005, so three decimals show every value the server can reach.
const formatOffset = (offset: number) => String(Number(Math.abs(offset).toFixed(3)));

function describeSignals({ signals, updated_at }: CalibrationFacts): string {
  const counted = signals === 1 ? '1 rating or regeneration' : `${formatCount(signals)} ratings and regenerations`;
  return updated_at ? `${counted} since the last reset, the latest on ${formatDate(updated_at)}` : `${counted} since the last reset`;
}

/** The current adjustment in plain words: "Your users' feedback has moved Auto toward stronger models by 0.06 (...)". */
export function describeCalibration(calibration: CalibrationFacts): string {
  if (!hasCalibration(calibration)) return noAdjustment;
  const signals = describeSignals(calibration);
  if (Number(formatOffset(calibration.offset)) === 0) return `Your users' feedback has balanced out, so Auto routes as it would without it (${signals}).`;
  const direction = calibration.offset < 0 ? 'stronger' : 'cheaper';
  return `Your users' feedback has moved Auto toward ${direction} models by ${formatOffset(calibration.offset)} (${signals}).`;
}
