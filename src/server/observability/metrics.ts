import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics, on a registry of its own (several servers in one test process
 * each count their own). Labels are routes as patterns, models, providers, cache outcomes and
 * statuses only: never an organisation, a user or a raw path (docs/decisions/057).
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  timeToFirstByte: Histogram<'model' | 'provider' | 'cache'>;
  upstreamTimeToFirstByte: Histogram<'model' | 'provider'>;
  overhead: Histogram<'cache'>;
  tokens: Counter<'model' | 'provider' | 'direction'>;
  cost: Counter<'model' | 'provider'>;
  savings: Counter<'model' | 'provider' | 'source'>;
  modelCalls: Counter<'model' | 'provider' | 'status'>;
  inFlightStreams: Gauge;
  encoderCalls: Counter<'encoder'>;
}

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const overheadBuckets = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1];

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Process CPU, memory, garbage collection and the event loop's lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'tokenwise_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'tokenwise_http_request_duration_seconds',
      help: 'Time from a request to its response head (for a stream: to its first part), by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: latencyBuckets,
      registers,
    }),
    timeToFirstByte: new Histogram({
      name: 'tokenwise_time_to_first_byte_seconds',
      help: "Time from a chat request to its answer's first byte, by the answering model, its provider and the cache's outcome",
      labelNames: ['model', 'provider', 'cache'],
      buckets: latencyBuckets,
      registers,
    }),
    upstreamTimeToFirstByte: new Histogram({
      name: 'tokenwise_model_time_to_first_byte_seconds',
      help: "Time from a model call's request to the model's first part, by model and provider",
      labelNames: ['model', 'provider'],
      buckets: latencyBuckets,
      registers,
    }),
    overhead: new Histogram({
      name: 'tokenwise_overhead_seconds',
      help: "The server's own time before an answer's first byte (time to first byte less the model's), by cache outcome",
      labelNames: ['cache'],
      buckets: overheadBuckets,
      registers,
    }),
    tokens: new Counter({
      name: 'tokenwise_model_tokens_total',
      help: 'Tokens of settled model calls, by model, provider and direction (input, output)',
      labelNames: ['model', 'provider', 'direction'],
      registers,
    }),
    cost: new Counter({
      name: 'tokenwise_model_cost_dollars_total',
      help: 'What settled model calls cost, in US dollars (from the exact amounts on the books), by model and provider',
      labelNames: ['model', 'provider'],
      registers,
    }),
    savings: new Counter({
      name: 'tokenwise_savings_dollars_total',
      help: 'What routing (a cheaper model than the reference) and the cache (no model at all) saved, in US dollars',
      labelNames: ['model', 'provider', 'source'],
      registers,
    }),
    modelCalls: new Counter({
      name: 'tokenwise_model_calls_total',
      help: 'Metered model calls, by model, provider and how they ended (complete, partial, failed)',
      labelNames: ['model', 'provider', 'status'],
      registers,
    }),
    inFlightStreams: new Gauge({
      name: 'tokenwise_in_flight_streams',
      help: 'Model calls streaming now',
      registers,
    }),
    encoderCalls: new Counter({
      name: 'tokenwise_encoder_calls_total',
      help: 'Calls that reached the sentence encoder (not answered from its memory of recent texts), by encoder: embedded or an embeddings endpoint',
      labelNames: ['encoder'],
      registers,
    }),
  };
}
