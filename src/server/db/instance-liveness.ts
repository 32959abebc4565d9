import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the instance named in `ownerColumn` is gone: with `ownersSilentForSeconds`, it has not
 * beaten for that long (or never registered); without, every owner is (the embedded database
 * belongs to the one process that is starting). Instances beat in `server_instances` (docs/decisions/015).
 */
export function ownerGone(ownerColumn: SQL, ownersSilentForSeconds: number | undefined): SQL {
  return ownersSilentForSeconds === undefined
    ? sql`true`
    : sql`not exists (select 1 from server_instances i where i.id = ${ownerColumn} and i.heartbeat_at > now() - ${ownersSilentForSeconds}::integer * interval '1 second')`;
}
