// Latency histograms of the usage roll-ups (migration 0013's usage_latency_bucket, docs/decisions/020):
// bucket b holds [2^(b / 8), 2^((b + 1) / 8)) milliseconds, each about 9% wide (0 and 1 ms in
// bucket 0, from about 9 hours on in bucket 200). Here a histogram is an array whose element b
// counts bucket b.

const bucketsPerDoubling = 8;
export const lastBucket = 200;

/** The bucket of a duration, as the database computes it. */
export function latencyBucket(milliseconds: number): number {
  return Math.min(lastBucket, Math.floor(bucketsPerDoubling * Math.log2(Math.max(milliseconds, 1))));
}

/** The middle of a bucket on a log scale: within about 4.4% of any duration in it. */
export function bucketMiddle(bucket: number): number {
  return 2 ** ((bucket + 0.5) / bucketsPerDoubling);
}

/**
 * A histogram as the database keeps it, read as `array_lower` and `array_to_string(h, ',', '0')`:
 * the database's array holds only the span of buckets it has seen, element i counting bucket i - 1.
 */
export function histogramFromDatabase(lowerBound: number | null, text: string): number[] {
  if (lowerBound === null || text === '') return [];
  const histogram: number[] = new Array(lowerBound - 1).fill(0);
  for (const count of text.split(',')) histogram.push(Number(count));
  return histogram;
}

/** Element-wise sum. */
export function addHistograms(histograms: readonly (readonly number[])[]): number[] {
  const total: number[] = [];
  for (const histogram of histograms)
    histogram.forEach((count, bucket) => {
      total[bucket] = (total[bucket] ?? 0) + count;
    });
  return Array.from(total, (count) => count ?? 0);
}

/**
 * The median (the lower one of an even count) in whole milliseconds, read as the middle of its
 * bucket; null for an empty histogram.
 */
export function histogramMedian(histogram: readonly number[]): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return null;
  const rank = Math.ceil(total / 2);
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket++) {
    seen += histogram[bucket]!;
    if (seen >= rank) return Math.round(bucketMiddle(bucket));
  }
  return null;
}
