import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { organisations, roles } from '../../src/server/db/schema';

const migration = new URL('../../src/server/db/migrations/0037_role_scopes_as_data.sql', import.meta.url);

/**
 * The migration's backfill gives roles made before it exactly what their names gave them. Its own
 * embedded database: roles are made as they were before it (no scopes, not unlimited), and the
 * hand-written statements run again; the suite's shared PostgreSQL database is left alone.
 */
describe('migration role_scopes_as_data: roles made before it keep their abilities', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ pgliteDataDir: 'memory://' });
  }, 60_000);
  afterAll(async () => database?.close());

  it('backfills scopes and unlimited from the names, as the name rules decided them', async () => {
    const [organisation] = await database.db.insert(organisations).values({ name: 'Before scopes' }).returning();
    const orgId = organisation!.id;
    const names = [
      'Admin',
      ' super ADMIN ',
      'User Manager',
      'model manager',
      'BILLING MANAGER',
      'Sales Admins',
      'Administrator',
      'Member',
      'Finance',
    ];
    // As a role was stored before the migration: the columns' defaults.
    await database.db.insert(roles).values(names.map((name) => ({ orgId, name })));
    // Everything after the '-- hand-written:' line: the backfill.
    const handWritten = (await readFile(migration, 'utf8')).split('-- hand-written:')[1]!;
    const statements = handWritten.slice(handWritten.indexOf('\n')).split('--> statement-breakpoint');
    for (const statement of statements) await database.db.execute(sql.raw(statement));

    const stored = await database.db
      .select({ name: roles.name, scopes: roles.scopes, unlimited: roles.unlimited })
      .from(roles)
      .where(eq(roles.orgId, orgId));
    const byName = Object.fromEntries(stored.map((role) => [role.name, [role.scopes, role.unlimited]]));
    const everyScope = ['admin', 'user-management', 'model-management', 'billing'];
    expect(byName).toEqual({
      Admin: [everyScope, true],
      ' super ADMIN ': [everyScope, true],
      'User Manager': [['user-management'], false],
      'model manager': [['model-management'], false],
      'BILLING MANAGER': [['billing'], false],
      // A name containing 'admin' was unlimited but no administrator.
      'Sales Admins': [[], true],
      Administrator: [[], true],
      Member: [[], false],
      Finance: [[], false],
    });
  });
});
