import {
  Bar,
  CartesianGrid,
  Legend,
  BarChart as RechartsBarChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { valueAxis, type ValueKind } from '../../lib/value-axis';

interface BarSeries<Point> {
  name: string;
  /** The bars' fill, readable on light and dark backgrounds. */
  color: string;
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
  /** What the bars measure: the y-axis gets round ticks that each read differently. */
  valueKind: ValueKind;
}

const chartHeight = 220;
/** Room for the longest tick label at the axis' 11 px type. */
const axisWidth = (labels: readonly string[]) => Math.max(40, 8 + 7 * Math.max(...labels.map((label) => label.length)));

function TooltipLines<Point>({
  active,
  payload,
  tooltip,
}: Pick<TooltipContentProps<number, string>, 'active' | 'payload'> & { tooltip: (point: Point) => string[] }) {
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || point === undefined) return null;
  return (
    <div role="tooltip" className="rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow dark:bg-slate-700">
      {tooltip(point).map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}

/** Daily bars (recharts), one group per point and one bar per series, with a tooltip on hover or keyboard focus. */
export function BarChart<Point>({ label, points, series, pointLabel, tooltip, valueKind }: BarChartProps<Point>) {
  const axis = valueAxis(
    points.flatMap((point) => series.map((line) => line.value(point))),
    valueKind,
  );
  return (
    <figure
      aria-label={label}
      className="min-w-0 text-slate-500 dark:text-slate-400"
      data-testid="bar-chart"
      data-points={points.length}
    >
      <ResponsiveContainer width="100%" height={chartHeight} initialDimension={{ width: 320, height: chartHeight }}>
        <RechartsBarChart data={points as Point[]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
          <XAxis dataKey={pointLabel} tick={{ fontSize: 11, fill: 'currentColor' }} tickLine={false} minTickGap={16} />
          <YAxis
            ticks={axis.ticks}
            domain={axis.domain}
            interval={0}
            tickFormatter={axis.format}
            tick={{ fontSize: 11, fill: 'currentColor' }}
            tickLine={false}
            axisLine={false}
            width={axisWidth(axis.ticks.map(axis.format))}
          />
          <Tooltip
            cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
            content={(props) => <TooltipLines {...props} tooltip={tooltip} />}
          />
          {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
          {series.map((line) => (
            <Bar
              key={line.name}
              name={line.name}
              dataKey={line.value}
              fill={line.color}
              radius={[2, 2, 0, 0]}
              maxBarSize={24}
              isAnimationActive={false}
            />
          ))}
        </RechartsBarChart>
      </ResponsiveContainer>
    </figure>
  );
}
