/** A run of sessions under one heading of the sidebar. */
export interface SessionGroup<T> {
  label: string;
  sessions: T[];
}

const dayMs = 24 * 60 * 60 * 1000;
const monthFormat = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' });

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** The heading for one date, in the viewer's own calendar (local midnight, not UTC). */
export function dateGroupLabel(value: Date, now: Date): string {
  const days = Math.round((startOfDay(now) - startOfDay(value)) / dayMs);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= 7) return 'Previous 7 days';
  if (days <= 30) return 'Previous 30 days';
  return monthFormat.format(value);
}

/**
 * Groups sessions, newest first, under Today, Yesterday, Previous 7 days, Previous 30 days and
 * then one heading per month. A session whose date cannot be read goes last, under 'Older'.
 */
export function groupSessionsByDate<T extends { createdAt: string }>(sessions: T[], now: Date): SessionGroup<T>[] {
  const dated = sessions.map((session) => ({ session, time: new Date(session.createdAt).getTime() }));
  dated.sort((left, right) => (Number.isNaN(right.time) ? -1 : Number.isNaN(left.time) ? 1 : right.time - left.time));
  const groups: SessionGroup<T>[] = [];
  for (const { session, time } of dated) {
    const label = Number.isNaN(time) ? 'Older' : dateGroupLabel(new Date(time), now);
    const last = groups.at(-1);
    if (last?.label === label) last.sessions.push(session);
    else groups.push({ label, sessions: [session] });
  }
  return groups;
}
