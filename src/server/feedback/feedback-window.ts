import { feedbackPeriodPattern, messages, type FeedbackWindow } from '../../contracts';
import { validationFailed } from '../http/app-error';

const dayMs = 86_400_000;

/**
 * The instants a history, stats or export call covers: `since` included, `until` excluded, either
 * open. The last N days of `period` and the UTC days `from` to `to` (both included) are combined,
 * so a rating must fall in both when both are given.
 */
export function feedbackWindow(window: FeedbackWindow, now = new Date()): { since?: Date; until?: Date } {
  let since: Date | undefined;
  if (window.period !== undefined) {
    const days = feedbackPeriodPattern.exec(window.period)?.[1];
    if (!days) throw validationFailed(messages.invalidPeriod);
    since = new Date(now.getTime() - Number(days) * dayMs);
  }
  if (window.from !== undefined && window.to !== undefined && window.from > window.to)
    throw validationFailed(messages.startAfterEnd);
  if (window.from !== undefined) {
    const start = new Date(`${window.from}T00:00:00Z`);
    if (!since || start > since) since = start;
  }
  const until = window.to === undefined ? undefined : new Date(Date.parse(`${window.to}T00:00:00Z`) + dayMs);
  return { since, until };
}
