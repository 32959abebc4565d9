import { usdNumber } from '../../money';
import { SpanStatusCode } from '@opentelemetry/api';
import type { ModelCallObserver, ObservedCall } from './call-observer';
import type { Metrics } from '../observability/metrics';
import { noteAnswer } from '../observability/request-observation';
import { tracer } from '../observability/tracing/tracing';

/**
 * Counts metered calls into the metrics: the model's own time to its first part, the streams open
 * now, and once settled the tokens, the cost and what routing saved against the reference model.
 * The answering model is noted on the request, for its time to first byte and overhead header.
 */
export function modelCallMetrics(metrics: Metrics | undefined): ModelCallObserver {
  return {
    begin(): ObservedCall {
      let streaming = false;
      // The model call's span: from its room held to its settlement, a child of the request's.
      const span = tracer().startSpan('model call');
      return {
        answered({ model, upstreamMs }) {
          span.setAttributes({
            'gen_ai.request.model': model.id,
            'gen_ai.system': model.provider,
            upstream_ms: upstreamMs,
          });
          noteAnswer({ modelId: model.id, provider: model.provider, upstreamMs });
          if (!metrics) return;
          streaming = true;
          metrics.inFlightStreams.inc();
          metrics.upstreamTimeToFirstByte.observe({ model: model.id, provider: model.provider }, upstreamMs / 1000);
        },
        ended(settlement) {
          if (settlement)
            span.setAttributes({
              'gen_ai.usage.input_tokens': settlement.usage.inputTokens,
              'gen_ai.usage.output_tokens': settlement.usage.outputTokens,
              status: settlement.status,
            });
          else span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
          if (!metrics) return;
          if (streaming) metrics.inFlightStreams.dec();
          streaming = false;
          if (!settlement) return;
          const labels = { model: settlement.model.id, provider: settlement.model.provider };
          metrics.modelCalls.inc({ ...labels, status: settlement.status });
          metrics.tokens.inc({ ...labels, direction: 'input' }, settlement.usage.inputTokens);
          metrics.tokens.inc({ ...labels, direction: 'output' }, settlement.usage.outputTokens);
          metrics.cost.inc(labels, usdNumber(settlement.costPicodollars));
          const saved = settlement.referenceCostPicodollars - settlement.costPicodollars;
          if (settlement.referenceCostPicodollars > 0n && saved > 0n)
            metrics.savings.inc({ ...labels, source: 'routing' }, usdNumber(saved));
        },
      };
    },
  };
}
