const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

const dayInYear = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' });
const dayWithYear = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric' });
const exactFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' });

/** "just now", "2 min ago", "3 h ago", "yesterday", "4 days ago", then the date. */
export function formatRelativeTime(value: Date, now: Date): string {
  const elapsed = now.getTime() - value.getTime();
  // A clock a little ahead of ours still reads as now.
  if (elapsed < minuteMs) return 'just now';
  if (elapsed < hourMs) return `${Math.floor(elapsed / minuteMs)} min ago`;
  if (elapsed < dayMs) return `${Math.floor(elapsed / hourMs)} h ago`;
  const days = Math.floor(elapsed / dayMs);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return (value.getFullYear() === now.getFullYear() ? dayInYear : dayWithYear).format(value);
}

/** The exact date and time, in the viewer's own locale and time zone, for the tooltip. */
export function formatExactTime(value: Date): string {
  return exactFormat.format(value);
}
