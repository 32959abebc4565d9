import { describe, expect, it } from 'vitest';
import type { Executor } from './database';
import { createGroupCommit } from './group-commit';

/**
 * A stand-in database whose transactions record which units ran in them: a unit "writes" by
 * pushing its name into the transaction it was given; a transaction whose work throws writes
 * nothing (rolled back). `slow` keeps each transaction open for a while, as a busy database would.
 */
function recordingDatabase(options: { slowMs?: number } = {}) {
  const committed: string[][] = [];
  let open = 0;
  let mostOpen = 0;
  return {
    committed,
    mostOpenAtOnce: () => mostOpen,
    db: {
      async transaction<T>(work: (transaction: Executor) => Promise<T>): Promise<T> {
        const written: string[] = [];
        open += 1;
        mostOpen = Math.max(mostOpen, open);
        try {
          const result = await work(written as unknown as Executor);
          if (options.slowMs) await new Promise((resolve) => setTimeout(resolve, options.slowMs));
          committed.push(written);
          return result;
        } finally {
          open -= 1;
        }
      },
    },
  };
}

const unit =
  (name: string, fail = false) =>
  async (transaction: Executor) => {
    (transaction as unknown as string[]).push(name);
    if (fail) throw new Error(`${name} refused`);
    return `${name} written`;
  };

describe('the group-commit writer', () => {
  it('writes the units queued in one turn in one transaction, each answered with its own result', async () => {
    const database = recordingDatabase();
    const writer = createGroupCommit({ db: database.db });
    const results = await Promise.all(['a', 'b', 'c'].map((name) => writer.write(unit(name))));
    expect(results).toEqual(['a written', 'b written', 'c written']);
    expect(database.committed).toEqual([['a', 'b', 'c']]);
  });

  it('queues what arrives while a batch is written for the next one, one transaction at a time', async () => {
    const database = recordingDatabase({ slowMs: 20 });
    const writer = createGroupCommit({ db: database.db });
    const first = writer.write(unit('first'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = ['second', 'third'].map((name) => writer.write(unit(name)));
    expect(writer.depth).toBe(2);
    await Promise.all([first, ...later]);
    expect(database.committed).toEqual([['first'], ['second', 'third']]);
    expect(database.mostOpenAtOnce()).toBe(1);
  });

  it('fails only the unit that failed: its batch is written again unit by unit', async () => {
    const database = recordingDatabase();
    const writer = createGroupCommit({ db: database.db });
    const outcomes = await Promise.allSettled([
      writer.write(unit('a')),
      writer.write(unit('deleted chat', true)),
      writer.write(unit('c')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe('deleted chat refused');
    // The failed batch left nothing; then each alone.
    expect(database.committed).toEqual([['a'], ['c']]);
  });

  it('takes at most maxBatch units in a transaction', async () => {
    const database = recordingDatabase();
    const writer = createGroupCommit({ db: database.db, maxBatch: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => writer.write(unit(name))));
    expect(database.committed).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('makes writers wait for room past maxQueued units (back-pressure), then writes them in order', async () => {
    const database = recordingDatabase({ slowMs: 20 });
    const writer = createGroupCommit({ db: database.db, maxBatch: 1, maxQueued: 2 });
    const order: string[] = [];
    const writes = ['a', 'b', 'c', 'd', 'e'].map((name) => writer.write(unit(name)).then(() => order.push(name)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    // 'a' is being written, 'b' and 'c' wait in the queue; 'd' and 'e' wait for room.
    expect(writer.depth).toBe(2);
    await Promise.all(writes);
    expect(order).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(database.committed.flat()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('tells the observer each batch: its units, its time, and whether it was written again', async () => {
    const database = recordingDatabase();
    const seen: [number, boolean][] = [];
    const writer = createGroupCommit({
      db: database.db,
      observer: { batch: (units, _seconds, failed) => seen.push([units, failed]) },
    });
    await Promise.all([writer.write(unit('a')), writer.write(unit('b'))]);
    await Promise.allSettled([writer.write(unit('c')), writer.write(unit('d', true))]);
    expect(seen).toEqual([
      [2, false],
      [2, true],
    ]);
  });

  it('drains: resolves once everything queued is written', async () => {
    const database = recordingDatabase({ slowMs: 10 });
    const writer = createGroupCommit({ db: database.db, maxBatch: 1 });
    void writer.write(unit('a'));
    void writer.write(unit('b'));
    await writer.drain();
    expect(database.committed).toEqual([['a'], ['b']]);
    expect(writer.depth).toBe(0);
  });
});
