import type { Attributes } from '@opentelemetry/api';
import type { FinishedSpan } from './recorded-span';

export interface SpanExporter {
  add(span: FinishedSpan): void;
  /** Sends what is queued now; resolves once the collector answered (or the deadline passed). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const maxQueued = 2_048;
const sendEveryMs = 1_000;
const requestDeadlineMs = 5_000;

/**
 * Sends spans to an OpenTelemetry collector as OTLP over HTTP with the JSON encoding
 * (POST {endpoint}/v1/traces), in batches once a second. The queue is bounded: when the collector
 * is slower than the spans come, the newest are dropped rather than memory grown.
 */
export function createOtlpHttpExporter(settings: {
  tracesUrl: string;
  serviceName: string;
  onError: (error: unknown) => void;
}): SpanExporter {
  let queue: FinishedSpan[] = [];
  let sending: Promise<void> = Promise.resolve();
  const timer = setInterval(() => void flush(), sendEveryMs);
  timer.unref();

  function flush(): Promise<void> {
    sending = sending.then(async () => {
      if (queue.length === 0) return;
      const batch = queue;
      queue = [];
      try {
        const response = await fetch(settings.tracesUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(otlpBody(settings.serviceName, batch)),
          signal: AbortSignal.timeout(requestDeadlineMs),
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`the collector answered ${response.status}`);
      } catch (error) {
        settings.onError(error);
      }
    });
    return sending;
  }

  return {
    add(span) {
      if (queue.length < maxQueued) queue.push(span);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

function otlpBody(serviceName: string, spans: FinishedSpan[]) {
  return {
    resourceSpans: [
      {
        resource: { attributes: keyValues({ 'service.name': serviceName }) },
        scopeSpans: [
          {
            scope: { name: 'tokenwise' },
            spans: spans.map((span) => ({
              traceId: span.context.traceId,
              spanId: span.context.spanId,
              ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
              name: span.name,
              // OTLP numbers its kinds from 1 (internal); the API from 0.
              kind: span.kind + 1,
              startTimeUnixNano: span.startNanos.toString(),
              endTimeUnixNano: span.endNanos.toString(),
              attributes: keyValues(span.attributes),
              status: { code: span.status.code, ...(span.status.message ? { message: span.status.message } : {}) },
            })),
          },
        ],
      },
    ],
  };
}

type AnyValue = { stringValue: string } | { boolValue: boolean } | { intValue: string } | { doubleValue: number };

function keyValues(attributes: Attributes): { key: string; value: AnyValue }[] {
  return Object.entries(attributes).flatMap(([key, value]): { key: string; value: AnyValue }[] => {
    if (typeof value === 'string') return [{ key, value: { stringValue: value } }];
    if (typeof value === 'boolean') return [{ key, value: { boolValue: value } }];
    if (typeof value === 'number')
      return [{ key, value: Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value } }];
    return [];
  });
}
