import { describe, expect, it } from 'vitest';
import { makeRoutingQuality, noRoutingQuality } from '../../organization-settings/test/fake-routing-quality';
import { buildQualityCsv, qualityFileName } from './quality-csv';

describe('the quality CSV (docs/decisions/067, 080)', () => {
  it("holds the quality per kind of prompt and tier with the total, then the cache's line", () => {
    expect(buildQualityCsv(makeRoutingQuality()).split('\r\n')).toEqual([
      'Quality of cheaper answers (all time)',
      'Kind of Prompt,Model Tier,Replies Sampled,Judged As Good,As Good Share,95% Low,95% High,Sampling Cost',
      'Code,1,50,47,0.94,0.8378,0.9794,0.4125',
      'Questions,2,3,2,0.6667,0.2077,0.9385,0.0042',
      'All sampled replies,,53,49,0.9245,0.8209,0.9703,0.4167',
      '',
      'Cache (all time)',
      'Lookups,Hits,Hits Checked,Wrong Hits,Wrong-Hit Rate,95% Low,95% High,Judge Calls,Savings',
      '400,120,40,1,0.025,0.0044,0.1288,20,3.25',
      '',
    ]);
  });

  it('leaves the shares of nothing measured empty, and names prompts the router did not score', () => {
    const quality = noRoutingQuality();
    quality.groups.push({
      kind: null,
      tier: 1,
      sampled: 0,
      judged_as_good: 0,
      as_good_share: null,
      as_good_interval: null,
      sampling_cost_usd: 0,
    });
    const lines = buildQualityCsv(quality).split('\r\n');
    expect(lines).toContain('Not scored by the router,1,0,0,,,,0');
    expect(lines).toContain('All sampled replies,,0,0,,,,0');
    expect(lines).toContain('0,0,0,0,,,,0,0');
  });

  it('is named routing-quality with the day it was taken', () => {
    expect(qualityFileName('2026-12-02')).toBe('routing-quality-2026-12-02.csv');
  });
});
