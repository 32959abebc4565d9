import { describe, expect, it } from 'vitest';
import { createCallerStateCache } from './caller-state-cache';

function counting<Value>(value: () => Value) {
  const load = async () => {
    load.calls += 1;
    return value();
  };
  load.calls = 0;
  return load;
}

describe('caller-state cache', () => {
  it('reads through until its listener is live, then holds', async () => {
    const cache = createCallerStateCache();
    const load = counting(() => ({ limit: 1 }));
    await cache.read('org', 'settings', load);
    await cache.read('org', 'settings', load);
    expect(load.calls).toBe(2);
    cache.listening();
    await cache.read('org', 'settings', load);
    await cache.read('org', 'settings', load);
    expect(load.calls).toBe(3);
  });

  it('forgets only the organisation that changed', async () => {
    const cache = createCallerStateCache();
    cache.listening();
    const mine = counting(() => 1);
    const theirs = counting(() => 2);
    await cache.read('mine', 'settings', mine);
    await cache.read('theirs', 'settings', theirs);
    cache.forgetOrganisation('mine');
    await cache.read('mine', 'settings', mine);
    await cache.read('theirs', 'settings', theirs);
    expect([mine.calls, theirs.calls]).toEqual([2, 1]);
  });

  it('forgets a value whose change is announced while it is still being read', async () => {
    const cache = createCallerStateCache();
    cache.listening();
    let release: (value: number) => void = () => {};
    const slow = cache.read('org', 'settings', () => new Promise<number>((resolve) => (release = resolve)));
    cache.forgetOrganisation('org');
    release(1);
    expect(await slow).toBe(1);
    expect(await cache.read('org', 'settings', async () => 2)).toBe(2);
  });

  it('forgets everything and reads through while deaf, and forgets again when it listens again', async () => {
    const cache = createCallerStateCache();
    cache.listening();
    const load = counting(() => 1);
    await cache.read('org', 'settings', load);
    cache.deaf();
    await cache.read('org', 'settings', load);
    await cache.read('org', 'settings', load);
    expect(load.calls).toBe(3);
    cache.listening();
    await cache.read('org', 'settings', load);
    await cache.read('org', 'settings', load);
    expect(load.calls).toBe(4);
    expect(cache.status().flushes).toBe(3);
  });

  it('reads again past the maximum age', async () => {
    let now = 0;
    const cache = createCallerStateCache({ maxAgeMs: 1_000, clock: () => now });
    cache.listening();
    const load = counting(() => 1);
    await cache.read('org', 'settings', load);
    now = 1_000;
    await cache.read('org', 'settings', load);
    now = 1_001;
    await cache.read('org', 'settings', load);
    expect(load.calls).toBe(2);
  });

  it('gives each reader its own copy', async () => {
    const cache = createCallerStateCache();
    cache.listening();
    const first = await cache.read('org', 'settings', async () => ({ list: ['a'] }));
    first.list.push('changed');
    expect(await cache.read('org', 'settings', async () => ({ list: ['b'] }))).toEqual({ list: ['a'] });
  });

  it('files a value found by key under its organisation, holds nothing for a miss, and skips one read across a change', async () => {
    const cache = createCallerStateCache();
    cache.listening();
    const key = counting(() => ({ orgId: 'org', value: { revoked: false } }));
    await cache.readFound('api-key:abc', key);
    await cache.readFound('api-key:abc', key);
    expect(key.calls).toBe(1);
    cache.forgetOrganisation('org');
    await cache.readFound('api-key:abc', key);
    expect(key.calls).toBe(2);

    const missing = counting(() => undefined);
    expect(await cache.readFound('api-key:none', missing)).toBeUndefined();
    await cache.readFound('api-key:none', missing);
    expect(missing.calls).toBe(2);

    let release: (found: { orgId: string; value: string }) => void = () => {};
    const racing = cache.readFound<string>(
      'api-key:new',
      () => new Promise<{ orgId: string; value: string }>((resolve) => (release = resolve)),
    );
    cache.forgetOrganisation('org');
    release({ orgId: 'org', value: 'before the change' });
    expect(await racing).toBe('before the change');
    expect(await cache.readFound('api-key:new', async () => ({ orgId: 'org', value: 'after' }))).toBe('after');
  });

  it('tells its listeners what it forgot', () => {
    const cache = createCallerStateCache();
    const forgotten: (string | undefined)[] = [];
    cache.onForget((orgId) => forgotten.push(orgId));
    cache.listening();
    cache.forgetOrganisation('org');
    cache.deaf();
    expect(forgotten).toEqual([undefined, 'org', undefined]);
  });
  it('keeps no load its organisation was forgotten during, and holds one overtaken only by another organisation’s forgetting', async () => {
    const cache = createCallerStateCache();
    cache.listening();
    const releases: ((value: number) => void)[] = [];
    const slowly = () => new Promise<number>((resolve) => releases.push(resolve));
    const stale = cache.read('org', 'settings', slowly);
    const other = cache.read('other', 'settings', slowly);
    cache.forgetOrganisation('org');
    // A reader after the forgetting starts its own load instead of sharing the stale one.
    const after = cache.read('org', 'settings', async () => 2);
    releases[0]!(1);
    releases[1]!(3);
    expect([await stale, await other, await after]).toEqual([1, 3, 2]);
    expect(await cache.read('org', 'settings', async () => 4)).toBe(2);
    expect(await cache.read('other', 'settings', async () => 5)).toBe(3);

    let releaseKey: (found: { orgId: string; value: string }) => void = () => {};
    const key = cache.readFound<string>('api-key:k', () => new Promise((resolve) => (releaseKey = resolve)));
    cache.forgetOrganisation('other');
    releaseKey({ orgId: 'org', value: 'held' });
    expect(await key).toBe('held');
    expect(await cache.readFound('api-key:k', async () => ({ orgId: 'org', value: 'read again' }))).toBe('held');
  });

  it('does not hold a load that began while deaf and ended after listening again', async () => {
    const cache = createCallerStateCache();
    let release: (value: number) => void = () => {};
    const early = cache.readFound<number>(
      'api-key:x',
      () => new Promise((resolve) => (release = (value) => resolve({ orgId: 'org', value }))),
    );
    cache.listening();
    release(1);
    expect(await early).toBe(1);
    expect(await cache.readFound('api-key:x', async () => ({ orgId: 'org', value: 2 }))).toBe(2);
  });
});
