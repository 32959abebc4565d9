import { context, DiagLogLevel, diag, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** The tracer every span of ours comes from: a no-op one until tracing is started. */
export const tracer = () => trace.getTracer('tokenwise');

/** Runs `work` inside a span named `name`, ended when it settles (an error marks it failed). */
export async function traced<Result>(name: string, work: (span: Span) => Promise<Result>): Promise<Result> {
  return tracer().startActiveSpan(name, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

export interface Tracing {
  /** Sends the spans still queued and turns tracing off. */
  close(): Promise<void>;
}

/** An export may wait this long for the collector; spans past the queue's bound are dropped, never held. */
const exportTimeoutMs = 5_000;
const maxQueuedSpans = 2_048;

/**
 * Turns traces on for this process with the OpenTelemetry SDK: spans follow the request through
 * awaits (AsyncLocalStorage) and go in batches to the collector over OTLP/HTTP (JSON). A failing
 * collector is reported through `onError` and never slows a request.
 */
export function startTracing(settings: {
  tracesUrl: string;
  serviceName: string;
  onError: (error: unknown) => void;
}): Tracing {
  diag.setLogger(
    {
      error: (message, ...details) => settings.onError(details[0] ?? message),
      warn: () => {},
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    DiagLogLevel.ERROR,
  );
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.tracesUrl, timeoutMillis: exportTimeoutMs }), {
        maxQueueSize: maxQueuedSpans,
        exportTimeoutMillis: exportTimeoutMs,
      }),
    ],
  });
  provider.register();
  return {
    async close() {
      await provider.shutdown();
      trace.disable();
      context.disable();
      diag.disable();
    },
  };
}
