import { eq } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '../../contracts';
import type { Database, Executor } from '../db/database';
import { organisations } from '../db/schema';
import type { Caller } from '../http/context';
import { insertAuditEntry } from './audit-repository';

export interface AdministrativeChange {
  transaction: Executor;
  /** Writes the audit entry in the change's own transaction: no change without its entry, and no entry without its change. */
  record(entry: {
    action: AuditAction;
    targetType: AuditTargetType;
    targetId: string;
    before: unknown;
    after: unknown;
  }): Promise<void>;
}

/**
 * Runs one administrative change of the caller's organisation in a transaction that first locks
 * the organisation's row: changes of one organisation's roles and people happen one after another,
 * so rules that read several rows (the last administrator, a role's holders) cannot be raced.
 */
export function makeAdministrativeChange<Result>(
  db: Database,
  caller: Caller,
  work: (change: AdministrativeChange) => Promise<Result>,
): Promise<Result> {
  return db.transaction(async (transaction) => {
    await transaction
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, caller.orgId))
      .for('update');
    return work({
      transaction,
      record: (entry) =>
        insertAuditEntry(transaction, {
          orgId: caller.orgId,
          actorUserId: caller.userId,
          actorUsername: caller.username,
          ...entry,
        }),
    });
  });
}
