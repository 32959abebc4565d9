import {
  type Context,
  context as contextApi,
  type Span,
  type SpanOptions,
  SpanKind,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { type FinishedSpan, RecordedSpan } from './recorded-span';

/** A tracer provider whose spans, once ended, go to `onEnd` (the exporter's queue). */
export function createSpanTracerProvider(onEnd: (span: FinishedSpan) => void): TracerProvider {
  const tracer: Tracer = {
    startSpan(name: string, options: SpanOptions = {}, parentContext?: Context): Span {
      const parent = options.root ? undefined : trace.getSpanContext(parentContext ?? contextApi.active());
      return new RecordedSpan(name, options.kind ?? SpanKind.INTERNAL, parent, options.attributes, onEnd);
    },
    startActiveSpan<F extends (span: Span) => unknown>(name: string, ...rest: unknown[]): ReturnType<F> {
      const fn = rest.at(-1) as F;
      const options = (rest.length > 1 ? rest[0] : undefined) as SpanOptions | undefined;
      const parentContext = (rest.length > 2 ? rest[1] : undefined) as Context | undefined;
      const active = parentContext ?? contextApi.active();
      const span = this.startSpan(name, options, active);
      return contextApi.with(trace.setSpan(active, span), () => fn(span)) as ReturnType<F>;
    },
  };
  return { getTracer: () => tracer };
}
