import { describe, expect, it } from 'vitest';
import { addHistograms, bucketMiddle, histogramMedian, lastBucket, latencyBucket } from './latency-histogram';

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
  it('put durations in buckets about 9% wide, short ones together and very long ones in the last', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(16)).toBe(0);
    expect(latencyBucket(1000)).toBe(47);
    expect(latencyBucket(1090)).toBe(48);
    expect(latencyBucket(3_600_000)).toBe(lastBucket);
  });

  it.each([
    [[1500]],
    [[200, 800, 1200, 5000, 30_000]],
    [[40, 41, 42, 43, 44, 45, 900, 910]],
    [Array.from({ length: 999 }, (_, index) => 100 + index * 37)],
  ])('read the median within 5%: %#', (durations) => {
    const sorted = [...durations].sort((a, b) => a - b);
    const exact = sorted[Math.ceil(sorted.length / 2) - 1]!;
    const median = histogramMedian(histogramOf(durations))!;
    expect(Math.abs(median - exact) / exact).toBeLessThan(0.05);
  });

  it('have no median when empty, and count null elements as zero', () => {
    expect(histogramMedian([])).toBeNull();
    expect(histogramMedian([0, 0])).toBeNull();
    expect(histogramMedian([null, 2, null])).toBe(Math.round(bucketMiddle(1)));
  });

  it('add element by element, whatever their lengths', () => {
    expect(addHistograms([[1, 2], [0, 0, 3], [null, 1]])).toEqual([1, 3, 3]);
    expect(addHistograms([])).toEqual([]);
  });
});
