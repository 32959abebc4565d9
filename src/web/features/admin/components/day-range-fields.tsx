import { TextField } from '../../../components/ui/text-field';
import { isoDay, type DayRange } from '../lib/day-range';

interface DayRangeFieldsProps {
  range: DayRange;
  onChange: (range: DayRange) => void;
}

/** Start and end days of an analytics period (UTC days, both included, none after today). */
export function DayRangeFields({ range, onChange }: DayRangeFieldsProps) {
  const today = isoDay(new Date());
  return (
    <>
      <TextField
        label="Start date"
        type="date"
        value={range.from}
        max={range.to || today}
        onChange={(event) => onChange({ ...range, from: event.target.value })}
      />
      <TextField
        label="End date"
        type="date"
        value={range.to}
        min={range.from}
        max={today}
        onChange={(event) => onChange({ ...range, to: event.target.value })}
      />
    </>
  );
}
