import { desc, eq } from 'drizzle-orm';
import { walletMessages } from '../../contracts';
import type { Executor } from '../db/database';
import { walletLedger } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { postNoticeOnce } from '../system-messages/system-message-repository';

/**
 * Tells the people who can top up (the billing scope) that the wallet refused a paid model: one
 * notice per dry spell, the spell named by the wallet's last credit, so a top-up that runs out
 * again brings a new notice and a burst of refused messages brings one.
 */
export async function noticeWalletEmpty(db: Executor, orgId: string): Promise<void> {
  const [lastCredit] = await db
    .select({ id: walletLedger.id })
    .from(walletLedger)
    .where(inOrganisation(walletLedger.orgId, orgId, eq(walletLedger.type, 'credit')))
    .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id))
    .limit(1);
  await postNoticeOnce(db, orgId, {
    content: walletMessages.walletEmptyNotice,
    type: 'warning',
    audience: 'billing',
    occasion: `wallet-empty:${lastCredit?.id ?? 'never-credited'}`,
  });
}
