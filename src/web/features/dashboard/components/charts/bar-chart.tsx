import { useId, useState } from 'react';

export interface BarSeries<Point> {
  name: string;
  /** Tailwind background class of the bars and their legend swatch. */
  colorClass: string;
  value: (point: Point) => number;
}

interface BarChartProps<Point> {
  /** What the chart shows, for people who cannot see it. */
  label: string;
  points: readonly Point[];
  series: readonly BarSeries<Point>[];
  /** The x-axis label of a point (a date). */
  pointLabel: (point: Point) => string;
  /** The tooltip's lines for a point. */
  tooltip: (point: Point) => string[];
}

// recharts, the charting library this screen is meant to use, is not yet a dependency of the project;
// until it is, bars are plain boxes scaled to the largest value, with the same tooltip and legend.
/** Daily bars, one group per point and one bar per series, with a tooltip on hover or focus. */
export function BarChart<Point>({ label, points, series, pointLabel, tooltip }: BarChartProps<Point>) {
  const [active, setActive] = useState<number | null>(null);
  const tooltipId = useId();
  const largest = Math.max(0, ...points.flatMap((point) => series.map((line) => line.value(point))));
  const activePoint = active === null ? undefined : points[active];
  return (
    <figure aria-label={label} className="min-w-0">
      <div className="relative">
        {activePoint !== undefined ? (
          <div id={tooltipId} role="tooltip" className="pointer-events-none absolute top-0 right-0 z-10 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow dark:bg-slate-700">
            {tooltip(activePoint).map((line) => (
              <div key={line}>{line}</div>
            ))}
          </div>
        ) : null}
        <ul className="flex h-40 items-end gap-px border-b border-slate-300 pt-10 dark:border-slate-700" onMouseLeave={() => setActive(null)}>
          {points.map((point, index) => (
            <li
              key={pointLabel(point)}
              tabIndex={0}
              aria-label={tooltip(point).join(', ')}
              aria-describedby={active === index ? tooltipId : undefined}
              onMouseEnter={() => setActive(index)}
              onFocus={() => setActive(index)}
              onBlur={() => setActive(null)}
              className="flex h-full min-w-0 flex-1 items-end justify-center gap-px rounded-t outline-offset-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
            >
              {series.map((line) => (
                <span
                  key={line.name}
                  data-series={line.name}
                  className={`block w-full max-w-6 rounded-t-sm ${line.colorClass}`}
                  style={{ height: `${largest > 0 ? (line.value(point) / largest) * 100 : 0}%` }}
                />
              ))}
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
        <span>{points.length > 0 ? pointLabel(points[0]!) : ''}</span>
        {series.length > 1 ? (
          <span className="flex flex-wrap gap-3">
            {series.map((line) => (
              <span key={line.name} className="inline-flex items-center gap-1">
                <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-sm ${line.colorClass}`} />
                {line.name}
              </span>
            ))}
          </span>
        ) : null}
        <span>{points.length > 1 ? pointLabel(points.at(-1)!) : ''}</span>
      </figcaption>
    </figure>
  );
}
