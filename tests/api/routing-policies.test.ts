import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { defaultRoutingPolicy } from '../../src/server/routing/policy-repository';
import { createRoutingPolicies } from '../../src/server/routing/routing-policies';
import { createChatFixture } from './support/cache-fixtures';

const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDataDir: 'memory://' });
afterAll(() => database.close());

describe('routing policies cached per organisation', () => {
  it('applies a save on this instance at once, and another instance’s save after its cache lifetime', async () => {
    const { orgId } = await createChatFixture(database.db);
    const here = createRoutingPolicies({ db: database.db, cacheMilliseconds: 200 });
    const elsewhere = createRoutingPolicies({ db: database.db });
    expect(await here.load(orgId)).toEqual(defaultRoutingPolicy);

    const stricter = { ...defaultRoutingPolicy, quality_target: 0.99 };
    await here.save(orgId, stricter);
    expect(await here.load(orgId)).toEqual(stricter);

    const off = { ...stricter, enabled: false };
    await elsewhere.save(orgId, off);
    // Still the cached policy within its lifetime...
    expect(await here.load(orgId)).toEqual(stricter);
    await new Promise((resolve) => setTimeout(resolve, 250));
    // ...and the saved one after it.
    expect(await here.load(orgId)).toEqual(off);
  });
});
