import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useRoutingQuality } from '../hooks/use-routing-quality';
import { qualityState, qualityTexts, routerStatus } from '../lib/quality-figures';
import { CacheQuality } from './cache-quality-table';
import { QualityMonthSpend } from './quality-month-spend';
import { QualityTable } from './quality-table';

const noteStyle = 'text-sm text-slate-600 dark:text-slate-400';

function QualityFigures({ samplingRate }: { samplingRate: number }) {
  const quality = useRoutingQuality(true);
  if (quality.isPending)
    return (
      <div className="flex justify-center py-4">
        <Spinner label="Loading the quality figures" />
      </div>
    );
  if (!quality.data)
    return (
      <div className={`flex flex-wrap items-center justify-between gap-3 ${noteStyle}`}>
        <p>The quality figures could not be loaded.</p>
        <Button variant="secondary" size="sm" onClick={() => void quality.refetch()}>
          Try again
        </Button>
      </div>
    );
  const state = qualityState(samplingRate, quality.data);
  return (
    <div className="space-y-4">
      {state === 'off' ? (
        <p className={noteStyle}>{qualityTexts.off}</p>
      ) : (
        <div className="space-y-3">
          {samplingRate === 0 ? <p className={noteStyle}>{qualityTexts.offWithHistory}</p> : null}
          <QualityMonthSpend month={quality.data.month} />
          {state === 'no-samples' ? <p className={noteStyle}>{qualityTexts.noSamples}</p> : null}
          {state === 'measured' ? <QualityTable quality={quality.data} /> : null}
          <p className={noteStyle}>{routerStatus(quality.data.router)}</p>
        </div>
      )}
      <CacheQuality cache={quality.data.cache} samplingRate={samplingRate} />
    </div>
  );
}

/**
 * What shadow evaluation measured (docs/decisions/067): per kind of prompt and tier, how often a
 * cheaper reply was judged as good as the strongest model's; and the cache's line (080): its hits,
 * how often a checked hit was wrong, what it saved. Administrators only, as the server.
 */
export function QualitySection({ samplingRate }: { samplingRate: number }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 id={titleId} className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">
        Quality
      </h3>
      <QualityFigures samplingRate={samplingRate} />
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        The share is of sampled cheaper replies a judge model found as good as the strongest model's answer to the same
        prompt; the cache's wrong hits are of sampled cache hits a judge model found did not answer the question asked.
        Each range is its 95% confidence interval, wide while few are sampled.
      </p>
    </section>
  );
}
