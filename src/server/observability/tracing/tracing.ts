import { context, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncContextManager } from './async-context-manager';
import { createOtlpHttpExporter } from './otlp-http-exporter';
import { createSpanTracerProvider } from './span-tracer';

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

/** Turns traces on for this process: spans are kept through awaits and sent over OTLP/HTTP. */
export function startTracing(settings: {
  tracesUrl: string;
  serviceName: string;
  onError: (error: unknown) => void;
}): Tracing {
  const exporter = createOtlpHttpExporter(settings);
  context.setGlobalContextManager(new AsyncContextManager());
  trace.setGlobalTracerProvider(createSpanTracerProvider((span) => exporter.add(span)));
  return {
    async close() {
      await exporter.close();
      trace.disable();
      context.disable();
    },
  };
}
