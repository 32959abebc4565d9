import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { organisations } from '../db/schema';
import type { AdministrativeChange } from './administrative-change';
import { insertAuditEntry } from './audit-repository';

/** Who made a change that no signed-in caller made: the directory (a SCIM token), single sign-on, a person signing in. */
export interface ChangeActor {
  userId: string | null;
  /** As the audit log shows it: 'SCIM: Okta', 'single sign-on', or the person's username. */
  username: string;
}

/**
 * makeAdministrativeChange for changes made by an actor other than a signed-in administrator: the
 * same transaction that first locks the organisation's row, with the audit entry written inside it.
 */
export function makeActorChange<Result>(
  db: Database,
  orgId: string,
  actor: ChangeActor,
  work: (change: AdministrativeChange) => Promise<Result>,
): Promise<Result> {
  return db.transaction(async (transaction) => {
    await transaction
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, orgId))
      .for('update');
    return work({
      transaction,
      record: (entry) =>
        insertAuditEntry(transaction, { orgId, actorUserId: actor.userId, actorUsername: actor.username, ...entry }),
    });
  });
}
