import type { Executor } from './database';

/**
 * Work written in a batch's transaction. It may only read and write through `transaction`, and
 * must not swallow a statement's error (PostgreSQL aborts the whole transaction on one): a unit that
 * fails makes its batch be written again unit by unit, so it runs twice, and nothing it did before
 * may outlive the transaction.
 */
export type WriteUnit<T> = (transaction: Executor) => Promise<T>;

/** The writer's depth and batches, for the metrics (docs/decisions/074). */
export interface GroupCommitObserver {
  /** A batch committed (or, `failed`, was written again unit by unit). */
  batch(units: number, seconds: number, failed: boolean): void;
}

/**
 * A group-commit writer (docs/decisions/074): the rows of many requests written in one transaction.
 * `write` queues a unit and resolves with its result once the transaction holding it has
 * committed, or rejects with the unit's own error. A batch starts on the next turn of the event
 * loop when the writer is idle, or as soon as the batch before it has committed, so units queue
 * while a transaction runs and go together in the next: the busier the server, the larger the
 * batches, with no wait added when it is quiet. A batch whose transaction fails is written again
 * unit by unit, each in its own transaction, so one unit's failure (a chat deleted meanwhile) is
 * its own. Past `maxQueued` units waiting, `write` waits for room first (back-pressure).
 */
export interface GroupCommit {
  write<T>(unit: WriteUnit<T>): Promise<T>;
  /** Units waiting for a batch. */
  readonly depth: number;
  /** Resolves once every unit queued so far has been written (shutdown). */
  drain(): Promise<void>;
}

interface Queued {
  unit: WriteUnit<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** What the writer needs of the database: transactions. */
interface Transactions {
  transaction<T>(work: (transaction: Executor) => Promise<T>): Promise<T>;
}

export function createGroupCommit(options: {
  db: Transactions;
  maxBatch?: number;
  maxQueued?: number;
  observer?: GroupCommitObserver;
}): GroupCommit {
  const { db, observer } = options;
  const maxBatch = options.maxBatch ?? 64;
  const maxQueued = options.maxQueued ?? 2_048;
  const queue: Queued[] = [];
  const waitingForRoom: (() => void)[] = [];
  let running: Promise<void> | undefined;

  async function writeBatch(batch: Queued[]): Promise<void> {
    const started = performance.now();
    let results: unknown[] | undefined;
    try {
      results = await db.transaction(async (transaction) => {
        const written: unknown[] = [];
        for (const queued of batch) written.push(await queued.unit(transaction));
        return written;
      });
    } catch (error) {
      if (batch.length === 1) {
        observer?.batch(1, (performance.now() - started) / 1_000, true);
        batch[0]!.reject(error);
        return;
      }
    }
    if (results) {
      observer?.batch(batch.length, (performance.now() - started) / 1_000, false);
      for (const [index, queued] of batch.entries()) queued.resolve(results[index]);
      return;
    }
    // One unit failed and took the others' transaction with it: each alone, so only it fails.
    for (const queued of batch) {
      await db.transaction((transaction) => queued.unit(transaction)).then(queued.resolve, queued.reject);
    }
    observer?.batch(batch.length, (performance.now() - started) / 1_000, true);
  }

  async function run(): Promise<void> {
    // A turn of the event loop first: what this one queues goes in the same batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      while (waitingForRoom.length > 0 && queue.length < maxQueued) waitingForRoom.shift()!();
      await writeBatch(batch);
    }
    running = undefined;
  }

  async function write<T>(unit: WriteUnit<T>): Promise<T> {
    while (queue.length >= maxQueued) await new Promise<void>((resolve) => waitingForRoom.push(resolve));
    const written = new Promise<T>((resolve, reject) => {
      queue.push({ unit, resolve: resolve as (value: unknown) => void, reject });
    });
    running ??= run();
    return written;
  }

  return {
    write,
    get depth() {
      return queue.length;
    },
    async drain() {
      while (running) await running;
    },
  };
}
