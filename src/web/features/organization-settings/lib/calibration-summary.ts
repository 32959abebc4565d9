import type { RoutingPolicyResponse } from '@contracts';
import { formatCount, formatDate } from '../../admin/lib/format';

/** How feedback has moved the organisation's thresholds (docs/decisions/028, 033), as the server answers it. */
export type CalibrationFacts = RoutingPolicyResponse['calibration'];
type KindFacts = CalibrationFacts['kinds'][number];
type CacheFacts = CalibrationFacts['cache'];

export const noAdjustment = 'No adjustment yet';

export const kindNames: Readonly<Record<KindFacts['kind'], string>> = {
  code: 'Code',
  maths: 'Maths',
  writing: 'Writing',
  question: 'Questions',
  conversation: 'Conversation and other prompts',
};

const moved = (facts: { offset: number; signals: number }) => facts.offset !== 0 || facts.signals > 0;

/** Whether there is anything for Reset calibration to undo. */
export const hasCalibration = (calibration: CalibrationFacts) =>
  calibration.kinds.some(moved) || moved(calibration.cache);

// Steps are 0.015, 0.005, 0.02 and 0.003, so three decimals show every value the server can reach.
const formatOffset = (offset: number) => String(Number(Math.abs(offset).toFixed(3)));

function describeSignals({ signals, updated_at }: { signals: number; updated_at: string | null }): string {
  const counted =
    signals === 1 ? '1 rating, regeneration or edit' : `${formatCount(signals)} ratings, regenerations and edits`;
  return updated_at
    ? `${counted} since the last reset, the latest on ${formatDate(updated_at)}`
    : `${counted} since the last reset`;
}

/** One kind's line: "Code: toward stronger models by 0.06 (11 ratings, regenerations and edits since the last reset)." */
export function describeKind(facts: KindFacts): string {
  const name = kindNames[facts.kind];
  const signals = describeSignals(facts);
  if (Number(formatOffset(facts.offset)) === 0)
    return `${name}: feedback has balanced out, so Auto routes them as it would without it (${signals}).`;
  const direction = facts.offset < 0 ? 'stronger' : 'cheaper';
  return `${name}: toward ${direction} models by ${formatOffset(facts.offset)} (${signals}).`;
}

/** The cache's line: a reply is reused only at a higher similarity after poor ratings of reused replies. */
export function describeCache(facts: CacheFacts): string {
  const signals = describeSignals(facts);
  if (Number(formatOffset(facts.offset)) === 0)
    return `Cache: reuses replies at the policy's similarity, ${facts.threshold.toFixed(2)} (${signals}).`;
  return `Cache: reuses a reply only from similarity ${facts.threshold.toFixed(2)}, ${formatOffset(facts.offset)} above the policy's (${signals}).`;
}

/** The lines to show, kinds first; empty when feedback has moved nothing. */
export function describeCalibration(calibration: CalibrationFacts): string[] {
  return [
    ...calibration.kinds.filter(moved).map(describeKind),
    ...(moved(calibration.cache) ? [describeCache(calibration.cache)] : []),
  ];
}
