import { sql } from 'drizzle-orm';
import { ownerGone } from '../db/instance-liveness';
import { type Picodollars, usdDecimal } from '../../money';
import type { Executor } from '../db/database';

// The usage records of model calls in flight: checkpointed while they stream, recovered when the
// instance writing them is gone (docs/decisions/015, 037).

/** One streaming call's running usage. */
export interface UsageCheckpoint {
  orgId: string;
  usageId: string;
  outputTokens: number;
  costPicodollars: Picodollars;
  referenceCostPicodollars: Picodollars;
  latencyMs: number;
}

/** Saves the running usage of every due call in one statement. */
export async function saveUsageCheckpoints(db: Executor, checkpoints: readonly UsageCheckpoint[]): Promise<void> {
  if (checkpoints.length === 0) return;
  const values = sql.join(
    checkpoints.map(
      (checkpoint) =>
        sql`(${checkpoint.orgId}::uuid, ${checkpoint.usageId}::uuid, ${checkpoint.outputTokens}::integer, ${usdDecimal(checkpoint.costPicodollars)}::numeric, ${usdDecimal(checkpoint.referenceCostPicodollars)}::numeric, ${checkpoint.latencyMs}::integer)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update usage_records u
    set output_tokens = c.output_tokens, cost_usd = c.cost_usd, reference_cost_usd = c.reference_cost_usd, latency_ms = c.latency_ms
    from (values ${values}) as c (org_id, usage_id, output_tokens, cost_usd, reference_cost_usd, latency_ms)
    where u.id = c.usage_id and u.org_id = c.org_id`);
}

/**
 * Marks the usage records left streaming by instances that are gone as interrupted (the usage
 * roll-ups count them, the wallet is debited their cost, docs/decisions/020, 022) and completes the
 * routing decisions they served from them, so their usage and cost as last checkpointed are kept.
 * Instance-wide upkeep across organisations: each row is matched to its own organisation's rows.
 * Answers how many calls were recovered.
 */
export async function recoverInterruptedCalls(
  db: Executor,
  options: { ownersSilentForSeconds?: number } = {},
): Promise<number> {
  const result = (await db.execute(sql`
    with recovered as (
      update usage_records u
      set outcome = 'interrupted', stream_owner = null
      where u.outcome = 'streaming' and ${ownerGone(sql`u.stream_owner`, options.ownersSilentForSeconds)}
      returning u.id, u.org_id, u.decision_id, u.message_id, u.model_id, u.input_tokens, u.output_tokens, u.cost_usd, u.reference_cost_usd
    ),
    completed as (
      update routing_decisions d
      set reply_message_id = r.message_id, served_model_id = r.model_id, input_tokens = r.input_tokens,
          output_tokens = r.output_tokens, cost_usd = r.cost_usd, reference_cost_usd = r.reference_cost_usd, completed_at = now()
      from recovered r
      where d.id = r.decision_id and d.org_id = r.org_id
    )
    select count(*)::integer as recovered from recovered`)) as unknown as { rows: { recovered: number }[] };
  return Number(result.rows[0]?.recovered ?? 0);
}
