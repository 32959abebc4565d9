import { describe, expect, it } from 'vitest';
import {
  addHistograms,
  bucketMiddle,
  histogramFromDatabase,
  histogramMedian,
  lastBucket,
  latencyBucket,
} from './latency-histogram';

function histogramOf(durations: number[]): number[] {
  const histogram: number[] = [];
  for (const duration of durations) {
    const bucket = latencyBucket(duration);
    while (histogram.length <= bucket) histogram.push(0);
    histogram[bucket]! += 1;
  }
  return histogram;
}

describe('latency histograms', () => {
  it('put durations in buckets about 9% wide, and very long ones in the last', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(1)).toBe(0);
    expect(latencyBucket(2)).toBe(8);
    expect(latencyBucket(1000)).toBe(79);
    expect(latencyBucket(1090)).toBe(80);
    expect(latencyBucket(48 * 3_600_000)).toBe(lastBucket);
  });

  it.each([
    [[1500]],
    [[3, 4, 5]],
    [[200, 800, 1200, 5000, 30_000]],
    [[40, 41, 42, 43, 44, 45, 900, 910]],
    [Array.from({ length: 999 }, (_, index) => 100 + index * 37)],
  ])('read the median within 5% (or half a millisecond): %#', (durations) => {
    const sorted = [...durations].sort((a, b) => a - b);
    const exact = sorted[Math.ceil(sorted.length / 2) - 1]!;
    const median = histogramMedian(histogramOf(durations))!;
    expect(Math.abs(median - exact)).toBeLessThanOrEqual(Math.max(0.5, exact * 0.05));
  });

  it('have no median when empty', () => {
    expect(histogramMedian([])).toBeNull();
    expect(histogramMedian([0, 0])).toBeNull();
    expect(histogramMedian([0, 2])).toBe(Math.round(bucketMiddle(1)));
  });

  it("are read from the database's span of buckets", () => {
    expect(histogramFromDatabase(3, '1,0,2')).toEqual([0, 0, 1, 0, 2]);
    expect(histogramFromDatabase(1, '4')).toEqual([4]);
    expect(histogramFromDatabase(null, '')).toEqual([]);
  });

  it('add element by element, whatever their lengths', () => {
    expect(
      addHistograms([
        [1, 2],
        [0, 0, 3],
        [0, 1],
      ]),
    ).toEqual([1, 3, 3]);
    expect(addHistograms([])).toEqual([]);
  });
});
