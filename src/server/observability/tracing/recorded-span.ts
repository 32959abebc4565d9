import { randomBytes } from 'node:crypto';
import {
  type Attributes,
  type AttributeValue,
  type Exception,
  type Link,
  type Span,
  type SpanContext,
  type SpanKind,
  type SpanStatus,
  SpanStatusCode,
  type TimeInput,
  TraceFlags,
} from '@opentelemetry/api';

/** A finished span as the exporter sends it. */
export interface FinishedSpan {
  name: string;
  kind: SpanKind;
  context: SpanContext;
  parentSpanId?: string;
  startNanos: bigint;
  endNanos: bigint;
  attributes: Attributes;
  status: SpanStatus;
}

/** Nanoseconds since the epoch, from the high-resolution clock. */
export function nowNanos(): bigint {
  return BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000)) * 1000n;
}

/** A span that records its name, times, attributes and status, and hands itself over once ended. */
export class RecordedSpan implements Span {
  private readonly attributes: Attributes = {};
  private status: SpanStatus = { code: SpanStatusCode.UNSET };
  private readonly startNanos = nowNanos();
  private ended = false;
  private readonly spanContextValue: SpanContext;

  constructor(
    private name: string,
    private readonly kind: SpanKind,
    parent: SpanContext | undefined,
    attributes: Attributes | undefined,
    private readonly onEnd: (span: FinishedSpan) => void,
  ) {
    this.spanContextValue = {
      traceId: parent?.traceId ?? randomBytes(16).toString('hex'),
      spanId: randomBytes(8).toString('hex'),
      traceFlags: TraceFlags.SAMPLED,
    };
    this.parentSpanId = parent?.spanId;
    if (attributes) this.setAttributes(attributes);
  }

  private readonly parentSpanId: string | undefined;

  spanContext(): SpanContext {
    return this.spanContextValue;
  }
  setAttribute(key: string, value: AttributeValue): this {
    if (!this.ended) this.attributes[key] = value;
    return this;
  }
  setAttributes(attributes: Attributes): this {
    for (const [key, value] of Object.entries(attributes)) if (value !== undefined) this.setAttribute(key, value);
    return this;
  }
  addEvent(): this {
    return this;
  }
  addLink(_link: Link): this {
    return this;
  }
  addLinks(_links: Link[]): this {
    return this;
  }
  setStatus(status: SpanStatus): this {
    if (!this.ended) this.status = status;
    return this;
  }
  updateName(name: string): this {
    if (!this.ended) this.name = name;
    return this;
  }
  end(_endTime?: TimeInput): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd({
      name: this.name,
      kind: this.kind,
      context: this.spanContextValue,
      parentSpanId: this.parentSpanId,
      startNanos: this.startNanos,
      endNanos: nowNanos(),
      attributes: this.attributes,
      status: this.status,
    });
  }
  isRecording(): boolean {
    return !this.ended;
  }
  recordException(exception: Exception): void {
    const message = typeof exception === 'string' ? exception : (exception.message ?? exception.name ?? 'error');
    this.setAttribute('exception.message', message);
  }
}
