// Latency histograms of the usage roll-ups (migration 0010's usage_latency_bucket, docs/decisions/020):
// element i counts the calls of bucket i, and bucket b holds [2^((b + 32) / 8), 2^((b + 33) / 8))
// milliseconds, each about 9% wide; below 17 ms all is in bucket 0, from about 17 minutes on in 128.

const bucketsPerDoubling = 8;
const firstBucketExponent = 32;
export const lastBucket = 128;

/** The bucket of a duration, as the database computes it. */
export function latencyBucket(milliseconds: number): number {
  const bucket = Math.floor(bucketsPerDoubling * Math.log2(Math.max(milliseconds, 1))) - firstBucketExponent;
  return Math.min(lastBucket, Math.max(0, bucket));
}

/** The middle of a bucket on a log scale: within about 4.4% of any duration in it. */
export function bucketMiddle(bucket: number): number {
  return 2 ** ((bucket + firstBucketExponent + 0.5) / bucketsPerDoubling);
}

/** Element-wise sum; the database keeps histograms only as long as their highest bucket. */
export function addHistograms(histograms: readonly (readonly (number | null)[])[]): number[] {
  const total: number[] = [];
  for (const histogram of histograms) histogram.forEach((count, index) => (total[index] = (total[index] ?? 0) + (count ?? 0)));
  return Array.from(total, (count) => count ?? 0);
}

/**
 * The median (the lower one of an even count) in whole milliseconds, read as the middle of its
 * bucket; null for an empty histogram.
 */
export function histogramMedian(histogram: readonly (number | null)[]): number | null {
  const total = histogram.reduce<number>((sum, count) => sum + (count ?? 0), 0);
  if (total <= 0) return null;
  const rank = Math.ceil(total / 2);
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket++) {
    seen += histogram[bucket] ?? 0;
    if (seen >= rank) return Math.round(bucketMiddle(bucket));
  }
  return null;
}
