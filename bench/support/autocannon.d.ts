// The subset of autocannon's API the benchmarks use (the package ships no types; adding
// @types/autocannon for two calls is not worth a dependency).
declare module 'autocannon' {
  interface AutocannonOptions {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface AutocannonResult {
    latency: Histogram;
    requests: Histogram & { total: number };
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    /** Seconds actually run. */
    duration: number;
  }
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
