import { limitRefusalSchema, limitWarningText, type ChatModel, type LimitRefusal } from '@contracts';
import { ApiError } from '../../../lib/api-error';
import { formatMoney } from '../../../lib/format-money';

/** The monthly-limit details of a refused send (the 429's `limit`), when the failure is one. */
export function limitRefusalOf(error: unknown): LimitRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { limit?: unknown } | undefined;
  const parsed = limitRefusalSchema.safeParse(body?.limit);
  return parsed.success ? parsed.data : undefined;
}

/** The line under the refusal's spec text: the model, how much is taken, when the limit resets. */
export function limitRefusalDetail(refusal: LimitRefusal): string {
  const taken = refusal.used + refusal.reserved;
  const amounts =
    refusal.kind === 'monthly_token_limit'
      ? `${taken.toLocaleString('en-US')} of ${refusal.limit.toLocaleString('en-US')} tokens`
      : `${formatMoney(taken)} of ${formatMoney(refusal.limit)}`;
  return `${refusal.model_name}: ${amounts} this month. Resets on ${refusal.resets_on}.`;
}

/** The chat's warning for a model above 90% of a monthly limit, if it is. */
export function modelLimitWarning(model: ChatModel | undefined): string | undefined {
  return model?.limits ? limitWarningText(model.name, model.limits) : undefined;
}

/** How much of the larger of a model's two monthly limits is taken, for the model selector ('92% of monthly limit used'). */
export function limitUsageNote(model: ChatModel): string | undefined {
  const limits = model.limits;
  if (!limits) return undefined;
  const share = (taken: number, limit: number) => (limit > 0 ? taken / limit : 1);
  const larger = Math.max(
    share(limits.tokens_used + limits.tokens_reserved, limits.token_limit),
    share(limits.cost_used + limits.cost_reserved, limits.cost_limit),
  );
  return `${Math.min(100, Math.floor(larger * 100))}% of monthly limit used`;
}
