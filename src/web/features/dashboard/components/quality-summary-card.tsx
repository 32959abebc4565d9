import type { RoutingQualityResponse } from '@contracts';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format-money';
import { useScopeAccess } from '../../access/hooks/use-scope-access';
import { Card, Facts } from '../../admin/components/card';
import { isoDay } from '../../admin/lib/day-range';
import { formatCount } from '../../admin/lib/format';
import { QualityMonthSpend } from '../../organization-settings/components/quality-month-spend';
import { useRoutingPolicy } from '../../organization-settings/hooks/use-routing-policy';
import { useRoutingQuality } from '../../organization-settings/hooks/use-routing-quality';
import {
  cacheTexts,
  qualityState,
  qualityTexts,
  shareWithInterval,
  wrongHitRate,
} from '../../organization-settings/lib/quality-figures';
import { downloadTextFile } from '../lib/download-file';
import { buildQualityCsv, qualityFileName } from '../lib/quality-csv';
import { CsvExportsPlanNote, ExportCsvButton } from './csv-export';

const linkStyle = 'text-sm font-medium text-brand-ink underline-offset-2 hover:underline';
const noteStyle = 'text-sm text-slate-600 dark:text-slate-400';

function QualitySummary() {
  const policy = useRoutingPolicy(true);
  const quality = useRoutingQuality(true);
  if (policy.isPending || quality.isPending)
    return (
      <div className="flex justify-center py-4">
        <Spinner label="Loading the quality figures" />
      </div>
    );
  if (!policy.data || !quality.data) return <p className={noteStyle}>The quality figures could not be loaded.</p>;
  const samplingRate = policy.data.policy.shadow_evaluation.sampling_rate;
  const state = qualityState(samplingRate, quality.data);
  const cache = <CacheSummary cache={quality.data.cache} />;
  if (state === 'off')
    return (
      <div className="space-y-3">
        <p className={noteStyle}>{qualityTexts.off}</p>
        {cache}
        <Link to="/admin/organization" className={linkStyle}>
          Shadow evaluation in Organization settings
        </Link>
      </div>
    );
  const { totals } = quality.data;
  const share = shareWithInterval(totals);
  return (
    <div className="space-y-3">
      {samplingRate === 0 ? <p className={noteStyle}>{qualityTexts.offWithHistory}</p> : null}
      {state === 'no-samples' ? (
        <p className={noteStyle}>{qualityTexts.noSamples}</p>
      ) : (
        <Facts
          facts={[
            {
              label: 'Judged as good as the strongest model (95% interval)',
              value: <Spoken {...share} />,
            },
            { label: 'Replies sampled', value: formatCount(totals.sampled) },
            { label: 'Sampling cost, all time', value: formatMoney(totals.sampling_cost_usd) },
          ]}
        />
      )}
      {cache}
      <QualityMonthSpend month={quality.data.month} />
      <Link to="/admin/organization" className={linkStyle}>
        By kind of prompt and tier in Organization settings
      </Link>
    </div>
  );
}

/** A figure with an interval: the dash seen, words heard. */
function Spoken({ shown, spoken }: { shown: string; spoken: string }) {
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}

/** The cache's wrong-hit rate with its interval, its hits and its savings (docs/decisions/080). */
function CacheSummary({ cache }: { cache: RoutingQualityResponse['cache'] }) {
  if (cache.lookups === 0) return <p className={noteStyle}>{cacheTexts.noLookups}</p>;
  return (
    <Facts
      facts={[
        { label: 'Wrong cache hits (95% interval)', value: <Spoken {...wrongHitRate(cache)} /> },
        { label: 'Cache hits checked', value: formatCount(cache.checked_hits) },
        {
          label: 'Answered from the cache',
          value: `${formatCount(cache.hits)} of ${formatCount(cache.lookups)} lookups`,
        },
        { label: 'Cache savings, all time', value: formatMoney(cache.savings_usd) },
      ]}
    />
  );
}

/** The dashboard's summary of what shadow evaluation measured (docs/decisions/067) and of the cache's hits (080): administrators only, as the server. */
export function QualitySummaryCard() {
  const admin = useScopeAccess('admin');
  if (admin !== 'granted') return null;
  return <AdministratorsQualityCard />;
}

/** The card, and the figures as a CSV of their own (the spec's cost-savings file keeps its five columns). */
function AdministratorsQualityCard() {
  const quality = useRoutingQuality(true);
  const exportCsv = () => {
    if (quality.data) downloadTextFile(qualityFileName(isoDay(new Date())), buildQualityCsv(quality.data));
  };
  return (
    <Card
      title="Quality of cheaper answers"
      actions={<ExportCsvButton onExport={exportCsv} ready={quality.data !== undefined} />}
    >
      <CsvExportsPlanNote />
      <QualitySummary />
    </Card>
  );
}
