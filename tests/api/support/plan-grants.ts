import { eq } from 'drizzle-orm';
import { planFeatureKeys } from '../../../src/contracts';
import type { Database } from '../../../src/server/db/database';
import { plans } from '../../../src/server/db/schema';

/**
 * An operator's choice on a test server of its own (plans are data, docs/decisions/041): the Free
 * Trial includes every feature, so tests about routing or auditing need no subscription (which would
 * move the organisation's billing cycle). Plans are shared by the whole installation: on PostgreSQL,
 * only on a database of the server's own (own-database.ts), never the suite's shared one.
 */
export async function grantEveryFeatureOnFreeTrial(db: Database): Promise<void> {
  await db
    .update(plans)
    .set({ entitlements: [...planFeatureKeys] })
    .where(eq(plans.id, 'free'));
}
