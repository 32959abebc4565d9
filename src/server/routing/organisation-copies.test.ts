import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrganisationCopies } from './organisation-copies';

const logger = pino({ level: 'silent' });

/** A store whose reads are counted and answer what the test has put there. */
function store() {
  const versions = new Map<string, number>();
  const reads: string[] = [];
  return {
    versions,
    reads,
    read: async (orgId: string) => {
      reads.push(orgId);
      return { orgId, version: versions.get(orgId) ?? 0 };
    },
  };
}

afterEach(() => vi.useRealTimers());

describe("an instance's copies of a state stored per organisation", () => {
  it('reads an organisation once, for concurrent first uses too, then answers from memory', async () => {
    const stored = store();
    const copies = createOrganisationCopies({ read: stored.read, logger, what: 'test state' });
    const [first, second] = await Promise.all([copies.copyOf('org-a'), copies.copyOf('org-a')]);
    expect(first).toBe(second);
    await copies.copyOf('org-a');
    expect(stored.reads).toEqual(['org-a']);
  });

  it('reads again in the background once older than the maximum age, taking a newer version only', async () => {
    vi.useFakeTimers();
    const stored = store();
    const copies = createOrganisationCopies({ read: stored.read, logger, what: 'test state', maxAgeMs: 1000 });
    expect((await copies.copyOf('org-a')).version).toBe(0);
    stored.versions.set('org-a', 3);
    // Still fresh: no read, the old copy.
    expect((await copies.copyOf('org-a')).version).toBe(0);
    vi.advanceTimersByTime(1001);
    // Stale: answered at once from the old copy, while the new one is read.
    expect((await copies.copyOf('org-a')).version).toBe(0);
    await vi.waitFor(async () => expect((await copies.copyOf('org-a')).version).toBe(3));
    expect(stored.reads).toEqual(['org-a', 'org-a']);
  });

  it('takes what this instance wrote at once, but never an older version over a newer one', async () => {
    const stored = store();
    const copies = createOrganisationCopies({ read: stored.read, logger, what: 'test state' });
    copies.keep('org-a', { orgId: 'org-a', version: 5 });
    expect((await copies.copyOf('org-a')).version).toBe(5);
    copies.keep('org-a', { orgId: 'org-a', version: 4 });
    expect((await copies.copyOf('org-a')).version).toBe(5);
    expect(stored.reads).toEqual([]);
  });

  it('drops the copy read longest ago beyond its capacity', async () => {
    const stored = store();
    const copies = createOrganisationCopies({ read: stored.read, logger, what: 'test state', capacity: 2 });
    await copies.copyOf('org-a');
    await copies.copyOf('org-b');
    await copies.copyOf('org-c');
    await copies.copyOf('org-b');
    await copies.copyOf('org-a');
    expect(stored.reads).toEqual(['org-a', 'org-b', 'org-c', 'org-a']);
  });
});
