import { createScopeVectors } from '../../src/server/cache/scope-vectors';
import { clusteredVectors, dimensions, makeQueries, rotate, seededRandom, shiftFor } from '../support/cache-bench-data';
import { collectGarbage, mib, progress, summarise, timeEach } from '../support/measure';
import { formatNumber, markdownTable } from '../support/stats';

export interface InProcessIndexOptions {
  sizes: number[];
  queryCount: number;
  /** Distinct vectors; the rest are rotated copies of them. */
  baseCount: number;
  k: number;
}

/** The in-process index alone (no database): fill time, memory, and nearest-neighbour time per size. */
export async function inProcessIndexSection({
  sizes,
  queryCount,
  baseCount,
  k,
}: InProcessIndexOptions): Promise<string> {
  const rows: (string | number)[][] = [];
  for (const size of sizes) {
    progress(`In-process index alone: ${size} vectors`);
    const random = seededRandom(size);
    const base = clusteredVectors(random, baseCount);
    const copies = Math.ceil(size / baseCount);
    collectGarbage();
    const before = process.memoryUsage();
    const vectors = createScopeVectors(dimensions);
    const fillStarted = performance.now();
    for (let index = 0; index < size; index += 1) {
      vectors.add(
        `entry-${index}`,
        rotate(base[index % baseCount]!, shiftFor(Math.floor(index / baseCount))),
        Number.POSITIVE_INFINITY,
      );
    }
    const fillMs = performance.now() - fillStarted;
    collectGarbage();
    const after = process.memoryUsage();
    const count = size >= 1_000_000 ? Math.min(queryCount, 20) : queryCount;
    const { hits, misses } = makeQueries(
      random,
      base,
      Array.from({ length: copies }, (_, copy) => shiftFor(copy)),
      count,
    );
    const nowMs = Date.now();
    for (let index = 0; index < 3; index += 1) vectors.nearest(hits[index]!, k + 4, nowMs);
    const hitTimes = await timeEach(count, (index) => vectors.nearest(hits[index]!, k + 4, nowMs));
    const missTimes = await timeEach(count, (index) => vectors.nearest(misses[index]!, k + 4, nowMs));
    rows.push([
      size.toLocaleString('en'),
      `${formatNumber(fillMs)} ms`,
      `${mib(vectors.bytes)} MiB`,
      `${mib(after.rss - before.rss)} MiB`,
      summarise(hitTimes),
      summarise(missTimes),
      count,
    ]);
  }
  return [
    '### In-process index alone (exhaustive Float32 search, one scope, no database)',
    '',
    markdownTable(
      [
        'vectors',
        'fill (synthetic, in memory)',
        'vector bytes',
        'RSS growth',
        'search ms, hit-like: wall p50 / p99 (CPU p50)',
        'same, miss-like',
        'queries each',
      ],
      rows,
    ),
  ].join('\n');
}
