import type { RecentCallers } from '../auth/recent-callers';
import type { ChangeActor } from '../audit/actor-change';
import type { Database } from '../db/database';

/** What the SCIM service needs, as plain objects (docs/decisions/046). */
export interface ScimDependencies {
  db: Database;
  /** This instance's remembered callers: a deactivated person's are forgotten at once (other instances check the database). */
  recentCallers: Pick<RecentCallers, 'forgetUser'>;
  /** e.g. https://chat.example.com/scim/v2: resources' meta.location and $ref. */
  baseUrl(): string;
}

/** The organisation a request's bearer token belongs to, and how the audit log names the directory. */
export interface ScimClient {
  orgId: string;
  actor: ChangeActor;
}
