import { readFile } from 'node:fs/promises';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePicodollars } from '../../src/money';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { organisations, rolePermissions, roles } from '../../src/server/db/schema';

const migration = new URL('../../src/server/db/migrations/0010_seed_manager_roles.sql', import.meta.url);

/**
 * Migration 0010 gives organisations made before it the manager roles (and marks their seeded
 * Admin and Member roles). Its own embedded database, where organisations are made as they were
 * before it, and the migration's statements run again: the suite's PostgreSQL database is shared
 * with tests running at the same time, which this would disturb. PostgreSQL applies it at every start.
 */
describe('migration 0010: manager roles for existing organisations', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ pgliteDataDir: 'memory://' });
  }, 60_000);
  afterAll(async () => database?.close());

  async function organisationAsBefore(name: string, roleNames: string[]) {
    const [organisation] = await database.db.insert(organisations).values({ name }).returning();
    await database.db.insert(roles).values(roleNames.map((roleName) => ({ orgId: organisation!.id, name: roleName })));
    return organisation!.id;
  }

  const rolesOf = async (orgId: string) =>
    (
      await database.db
        .select({ id: roles.id, name: roles.name, seededAs: roles.seededAs })
        .from(roles)
        .where(eq(roles.orgId, orgId))
    ).sort((first, second) => first.name.localeCompare(second.name, 'en'));

  it('adds the three manager roles with the everyday models, keeps an existing role of that name, and marks Admin and Member', async () => {
    const plain = await organisationAsBefore('Before 0010', ['Admin', 'Member']);
    const customised = await organisationAsBefore('Has its own', ['admin', 'member', 'user manager']);
    const statements = (await readFile(migration, 'utf8')).split('--> statement-breakpoint');
    for (const statement of statements) await database.db.execute(sql.raw(statement));

    expect(await rolesOf(plain)).toEqual([
      { id: expect.any(String), name: 'Admin', seededAs: 'admin' },
      { id: expect.any(String), name: 'Billing Manager', seededAs: 'billing-manager' },
      { id: expect.any(String), name: 'Member', seededAs: 'member' },
      { id: expect.any(String), name: 'Model Manager', seededAs: 'model-manager' },
      { id: expect.any(String), name: 'User Manager', seededAs: 'user-manager' },
    ]);
    const fiftyDollars = parsePicodollars('50');
    const managers = (await rolesOf(plain)).filter((role) => role.name.endsWith('Manager'));
    for (const manager of managers) {
      const permissions = await database.db
        .select()
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, manager.id))
        .orderBy(asc(rolePermissions.modelId));
      expect(
        permissions.map((permission) => [
          permission.modelId,
          permission.isEnabled,
          permission.maxTokensPerRequest,
          permission.monthlyTokenLimit,
          // Read as the column's exact text; compared as money (docs/decisions/063).
          parsePicodollars(permission.costLimit),
        ]),
      ).toEqual([
        ['anthropic/claude-3-5-haiku-latest', true, 2000, 100000, fiftyDollars],
        ['google/gemini-2.0-flash', true, 2000, 100000, fiftyDollars],
        ['local/tinyllama-1.1b-chat', true, 2000, 100000, fiftyDollars],
        ['openai/gpt-4o-mini', true, 2000, 100000, fiftyDollars],
      ]);
    }
    const own = await rolesOf(customised);
    expect(own.map((role) => [role.name, role.seededAs])).toEqual([
      ['admin', 'admin'],
      ['Billing Manager', 'billing-manager'],
      ['member', 'member'],
      ['Model Manager', 'model-manager'],
      ['user manager', null],
    ]);
    const ownUserManager = own.find((role) => role.name === 'user manager')!;
    expect(
      await database.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, ownUserManager.id)),
    ).toEqual([]);

    // Run again (as on a database that has them): nothing doubles.
    for (const statement of statements) await database.db.execute(sql.raw(statement));
    expect(await rolesOf(plain)).toHaveLength(5);
    const [count] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(rolePermissions)
      .where(eq(rolePermissions.orgId, plain));
    expect(count!.count).toBe(12);
  });
});
