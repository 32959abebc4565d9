import { ScrollableTable } from '../../../components/ui/scrollable-table';
import { useId } from 'react';
import { formatCount } from '../../admin/lib/format';
import { formatMoney } from '../../../lib/format-money';
import type { RoutingQualityView } from '../api/routing-quality-api';
import { cacheLearnerStatus, cacheTexts, wrongHitRate } from '../lib/quality-figures';

const headerStyle = 'px-3 py-2 text-left font-medium text-slate-600 dark:text-slate-300';
const cellStyle = 'px-3 py-2 text-slate-900 dark:text-slate-100';
const numberStyle = `${cellStyle} text-right tabular-nums`;
const noteStyle = 'text-sm text-slate-600 dark:text-slate-400';

const columns = ['Lookups', 'Hits', 'Hits checked', 'Wrong hits (95% interval)', 'Judge calls', 'Savings'] as const;

/** The cache's line: how often it answered, how often a checked answer was wrong, what it saved (docs/decisions/080). */
function CacheTable({ cache }: { cache: RoutingQualityView['cache'] }) {
  const rate = wrongHitRate(cache);
  return (
    <ScrollableTable label="Lookup figures">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Quality of answers from the cache</caption>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <td />
            {columns.map((column) => (
              <th key={column} scope="col" className={`${headerStyle} text-right`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className={`${cellStyle} text-left font-normal`}>
              Cache
            </th>
            <td className={numberStyle}>{formatCount(cache.lookups)}</td>
            <td className={numberStyle}>{formatCount(cache.hits)}</td>
            <td className={numberStyle}>{formatCount(cache.checked_hits)}</td>
            <td className={numberStyle}>
              <span aria-hidden="true">{rate.shown}</span>
              <span className="sr-only">{rate.spoken}</span>
            </td>
            <td className={numberStyle}>{formatCount(cache.judge_calls)}</td>
            <td className={numberStyle}>{formatMoney(cache.savings_usd)}</td>
          </tr>
        </tbody>
      </table>
    </ScrollableTable>
  );
}

/** The cache's figures under the Quality section, whether or not shadow evaluation is on. */
export function CacheQuality({ cache, samplingRate }: { cache: RoutingQualityView['cache']; samplingRate: number }) {
  const titleId = useId();
  const checks = cache.checked_hits > 0 ? null : samplingRate > 0 ? cacheTexts.noChecks : cacheTexts.checksOff;
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h4 id={titleId} className="text-sm font-medium text-slate-900 dark:text-white">
        Cache
      </h4>
      {cache.lookups === 0 ? <p className={noteStyle}>{cacheTexts.noLookups}</p> : <CacheTable cache={cache} />}
      {cache.lookups > 0 && checks ? <p className={noteStyle}>{checks}</p> : null}
      <p className={noteStyle}>{cacheLearnerStatus(cache.learner)}</p>
    </section>
  );
}
