import { useState } from 'react';
import { isOrderedRange, lastThirtyDays, type DayRange } from '../lib/day-range';

/**
 * A period of UTC days chosen on an analytics screen, starting at the last thirty days. A range
 * being typed (start after end) is shown but not asked for: the last answer stays meanwhile.
 */
export function useDayRange() {
  const [defaultRange] = useState<DayRange>(() => lastThirtyDays());
  const [range, setRange] = useState<DayRange>(defaultRange);
  const [askedRange, setAskedRange] = useState<DayRange>(defaultRange);
  const changeRange = (next: DayRange) => {
    setRange(next);
    if (isOrderedRange(next)) setAskedRange(next);
  };
  return { range, askedRange, defaultRange, changeRange };
}
