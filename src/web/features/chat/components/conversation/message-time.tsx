import { useSyncExternalStore } from 'react';
import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';

// One clock for every timestamp on the screen: it ticks while any is shown.
const tickMs = 30_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, tickMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** When a message was written, as "2 min ago", with the exact time as its tooltip. */
export function MessageTime({ timestamp, className = '' }: { timestamp: string; className?: string }) {
  const current = useSyncExternalStore(subscribe, () => now);
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return null;
  const exact = formatExactTime(date);
  // A message newer than the last tick is still "just now".
  const relative = formatRelativeTime(date, new Date(Math.max(current, date.getTime())));
  return (
    <time dateTime={timestamp} title={exact} className={className}>
      {relative}
    </time>
  );
}
