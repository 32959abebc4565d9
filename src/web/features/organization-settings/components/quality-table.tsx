import { ScrollableTable } from '../../../components/ui/scrollable-table';
import { formatCount } from '../../admin/lib/format';
import { formatMoney } from '../../../lib/format-money';
import type { RoutingQualityView } from '../api/routing-quality-api';
import { kindName, shareWithInterval } from '../lib/quality-figures';

type Measured = RoutingQualityView['totals'];

const headerStyle = 'px-3 py-2 text-left font-medium text-slate-600 dark:text-slate-300';
const cellStyle = 'px-3 py-2 text-slate-900 dark:text-slate-100';
const numberStyle = `${cellStyle} text-right tabular-nums`;

/** '94% (88–97%)' on screen; screen readers hear the interval in words instead of the dash. */
function ShareCell({ measured }: { measured: Measured }) {
  const share = shareWithInterval(measured);
  return (
    <td className={numberStyle}>
      <span aria-hidden="true">{share.shown}</span>
      <span className="sr-only">{share.spoken}</span>
    </td>
  );
}

function Figures({ measured }: { measured: Measured }) {
  return (
    <>
      <td className={numberStyle}>{formatCount(measured.sampled)}</td>
      <ShareCell measured={measured} />
      <td className={numberStyle}>{formatMoney(measured.sampling_cost_usd)}</td>
    </>
  );
}

/** Shadow evaluation's figures per kind of prompt and tier of the model that answered, with every group's total. */
export function QualityTable({ quality }: { quality: RoutingQualityView }) {
  return (
    <ScrollableTable label="Figures per kind of prompt and tier">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Quality of cheaper answers by kind of prompt and model tier</caption>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th scope="col" className={headerStyle}>
              Kind of prompt
            </th>
            <th scope="col" className={headerStyle}>
              Model tier
            </th>
            <th scope="col" className={`${headerStyle} text-right`}>
              Replies sampled
            </th>
            <th scope="col" className={`${headerStyle} text-right`}>
              As good as the strongest model (95% interval)
            </th>
            <th scope="col" className={`${headerStyle} text-right`}>
              Sampling cost
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {quality.groups.map((group) => (
            <tr key={`${group.kind ?? 'unscored'}-${group.tier}`}>
              <th scope="row" className={`${cellStyle} text-left font-normal`}>
                {kindName(group.kind)}
              </th>
              <td className={cellStyle}>Tier {group.tier}</td>
              <Figures measured={group} />
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 font-medium dark:border-slate-800">
          <tr>
            <th scope="row" colSpan={2} className={`${cellStyle} text-left`}>
              All sampled replies
            </th>
            <Figures measured={quality.totals} />
          </tr>
        </tfoot>
      </table>
    </ScrollableTable>
  );
}
