import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DatabaseHandle, Executor } from '../db/database';
import type { GroupCommit, WriteUnit } from '../db/group-commit';
import type { BudgetLeases } from '../usage/budget-leases';
import { deleteLeasesOfGoneInstances } from '../usage/lease-repository';
import { releaseReservationsOf, releaseReservationsOfGoneInstances } from '../usage/reservation-repository';
import { recoverInterruptedCalls, saveUsageCheckpoints, type UsageCheckpoint } from './journal-repository';
import { beat, forgetSilentInstances, removeInstance } from './server-instance-repository';

/** How often streaming calls are saved: a crash loses about this much of each. */
const checkpointIntervalMs = 1_000;
/** How often an instance says it is alive. */
const heartbeatIntervalMs = 5_000;
/** An instance silent this long is gone, and its streaming calls were interrupted. */
const ownerTimeoutSeconds = 30;
/** Silent this long itself, an instance may have been taken for gone: its leases may have been deleted. */
const mayHaveBeenTakenForGoneMs = (ownerTimeoutSeconds - 5) * 1_000;

/**
 * Where a kind of caller keeps its own rows beside its calls' usage (the chat's reply messages):
 * their checkpoints are saved with the usage's, and their rows recovered when an instance is gone.
 */
export interface TranscriptStore<Checkpoint> {
  /** Saves the rows' checkpoints of this instance's calls; runs before the usage's, the order deletes lock them in. */
  saveCheckpoints(transaction: Executor, streamOwner: string, checkpoints: readonly Checkpoint[]): Promise<void>;
  /** Marks the rows that instances now gone left streaming as interrupted; answers how many. */
  recover(db: Executor, options: { ownersSilentForSeconds?: number }): Promise<number>;
}

/** One streaming call as the journal saves it. */
export interface CallProgress {
  /** Writes the call's rows: 'written', 'usage-only' when its transcript could not be, 'none'. Never throws. */
  open(streamOwner: string): Promise<'written' | 'usage-only' | 'none'>;
  /** The running usage (and transcript, while it is written) when it changed since the last saved checkpoint. */
  checkpoint(transcriptWritten: boolean): JournalCheckpoint | undefined;
}

export interface JournalCheckpoint {
  usage: UsageCheckpoint;
  transcript?: { store: TranscriptStore<unknown>; checkpoint: unknown };
  saved(): void;
}

interface LiveCall {
  /** The first text is on its way to the client: the rows are written on the next turn of the event loop. */
  firstTextSent(): void;
  /** Stops checkpointing once nothing is being written; `transcriptWritten`: the final record completes those rows. */
  close(): Promise<{ transcriptWritten: boolean }>;
}

/**
 * The process's streaming model calls, saved as they stream (docs/decisions/015, 037): each call's
 * usage record (and its caller's rows) are written once its first text is out, then one
 * transaction per second saves the running usage and text of every call that changed. The instance
 * beats every few seconds; at start-up, and on PostgreSQL every beat, the calls and rows of
 * instances that are gone are marked interrupted and the room they held in limits and wallets given back.
 */
export interface CallJournal {
  readonly instanceId: string;
  track(progress: CallProgress): LiveCall;
  /** Recovers what a stopped instance left streaming, registers this one and starts saving. Before serving. */
  start(): Promise<void>;
  /** After the last call was recorded: stops saving, gives back what is still held, and unregisters. */
  stop(): Promise<void>;
}

interface Tracked {
  progress: CallProgress;
  state: 'waiting' | 'written' | 'usage-only' | 'none';
  opening?: Promise<void>;
  closed: boolean;
}

export function createCallJournal(options: {
  database: DatabaseHandle;
  logger: Logger;
  /** The kinds of rows callers keep beside their calls, recovered with them. */
  transcripts?: readonly TranscriptStore<never>[];
  intervalMs?: number;
  /** This instance's id (server_instances); new when absent. */
  instanceId?: string;
  /** This instance's budget leases: returned when idle and at the end, forgotten if the instance was taken for gone. */
  leases?: BudgetLeases;
  /** Writes the checkpoints with other rows in the group-commit writer's batches (docs/decisions/074). */
  writer?: GroupCommit;
}): CallJournal {
  const { database, logger, leases } = options;
  const { db } = database;
  const transcripts = (options.transcripts ?? []) as readonly TranscriptStore<unknown>[];
  const instanceId = options.instanceId ?? randomUUID();
  const intervalMs = options.intervalMs ?? checkpointIntervalMs;
  const calls = new Set<Tracked>();
  let ticking: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastBeat = 0;

  async function saveDue(): Promise<void> {
    const due: JournalCheckpoint[] = [];
    for (const call of calls) {
      if (call.state !== 'written' && call.state !== 'usage-only') continue;
      const checkpoint = call.progress.checkpoint(call.state === 'written');
      if (checkpoint) due.push(checkpoint);
    }
    if (due.length === 0) return;
    const byStore = new Map<TranscriptStore<unknown>, unknown[]>();
    for (const { transcript } of due) {
      if (transcript) byStore.set(transcript.store, [...(byStore.get(transcript.store) ?? []), transcript.checkpoint]);
    }
    const write = options.writer?.write ?? ((unit: WriteUnit<void>) => db.transaction(unit));
    await write(async (transaction) => {
      for (const [store, checkpoints] of byStore) await store.saveCheckpoints(transaction, instanceId, checkpoints);
      await saveUsageCheckpoints(
        transaction,
        due.map((checkpoint) => checkpoint.usage),
      );
    });
    for (const checkpoint of due) checkpoint.saved();
  }

  async function recover(gone: { ownersSilentForSeconds?: number }): Promise<void> {
    let rows = 0;
    for (const store of transcripts) rows += await store.recover(db, gone);
    const recovered = await recoverInterruptedCalls(db, gone);
    if (recovered + rows > 0)
      logger.warn({ recovered, rows }, 'model calls of a server instance that is gone marked interrupted');
    // Their usage is recorded up to the last checkpoint: the room they held is given back (docs/decisions/019, 073).
    const released =
      (await releaseReservationsOfGoneInstances(db, gone)) + (await deleteLeasesOfGoneInstances(db, gone));
    if (released > 0)
      logger.warn({ released }, 'room a server instance that is gone held in limits and wallets given back');
  }

  async function beatAndSweep(): Promise<void> {
    const silentForMs = Date.now() - lastBeat;
    lastBeat = Date.now();
    const { registered } = await beat(db, instanceId);
    // Taken for gone meanwhile, its leases may be deleted: what memory holds no longer counts anywhere else.
    if (leases && (registered || silentForMs >= mayHaveBeenTakenForGoneMs)) {
      logger.warn({ silentForMs }, 'this instance may have been taken for gone; its budget leases are claimed again');
      leases.forgetAll();
    }
    // On PostgreSQL other instances may die at any time; the embedded database has no others.
    if (database.kind !== 'postgres') return;
    await recover({ ownersSilentForSeconds: ownerTimeoutSeconds });
    await forgetSilentInstances(db, ownerTimeoutSeconds);
  }

  async function tick(): Promise<void> {
    await saveDue().catch((error: unknown) => logger.warn({ err: error }, 'saving streaming model calls failed'));
    await leases?.returnIdle();
    if (Date.now() - lastBeat >= heartbeatIntervalMs) {
      await beatAndSweep().catch((error: unknown) => logger.warn({ err: error }, 'the instance heartbeat failed'));
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      ticking = tick().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    instanceId,
    track(progress) {
      const call: Tracked = { progress, state: 'waiting', closed: false };
      calls.add(call);
      return {
        firstTextSent() {
          if (call.opening || call.closed) return;
          // The next turn: by then the first text has been handed to the socket, and the embedded
          // database, which runs on this thread, cannot hold it back.
          call.opening = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
            call.state = call.closed ? 'none' : await progress.open(instanceId);
          });
        },
        async close() {
          call.closed = true;
          calls.delete(call);
          await call.opening;
          // A checkpoint that included this call finishes before the final record is written.
          await ticking;
          return { transcriptWritten: call.state === 'written' };
        },
      };
    },
    async start() {
      await recover(database.kind === 'postgres' ? { ownersSilentForSeconds: ownerTimeoutSeconds } : {});
      await beat(db, instanceId);
      lastBeat = Date.now();
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
      await releaseReservationsOf(db, instanceId).catch((error: unknown) =>
        logger.warn({ err: error }, 'giving back held room failed'),
      );
      await leases
        ?.returnAll()
        .catch((error: unknown) => logger.warn({ err: error }, 'returning budget leases failed'));
      await removeInstance(db, instanceId).catch((error: unknown) =>
        logger.warn({ err: error }, 'unregistering the instance failed'),
      );
    },
  };
}
