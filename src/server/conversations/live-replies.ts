import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/database';
import { recoverInterruptedReplies, saveCheckpoints, type ReplyCheckpoint } from './live-reply-repository';
import { beat, forgetSilentInstances, removeInstance } from './server-instance-repository';
import { releaseReservationsOf, releaseReservationsOfGoneInstances } from '../usage/reservation-repository';

/** How often streaming replies are saved: a crash loses about this much of each. */
export const checkpointIntervalMs = 1_000;
/** How often an instance says it is alive. */
const heartbeatIntervalMs = 5_000;
/** An instance silent this long is gone, and its streaming replies were interrupted. */
export const ownerTimeoutSeconds = 30;

/** One reply's rows as the journal writes them. */
export interface ReplyProgress {
  /** Writes the reply's rows: 'written', 'usage-only' when the message could not be, 'none'. Never throws. */
  open(streamOwner: string): Promise<'written' | 'usage-only' | 'none'>;
  /** The text and running usage when they changed since the last saved checkpoint. */
  checkpoint(messageWritten: boolean): (ReplyCheckpoint & { saved(): void }) | undefined;
}

export interface LiveReply {
  /** The first text is on its way to the client: the rows are written on the next turn of the event loop. */
  firstTextSent(): void;
  /** Stops checkpointing once nothing is being written; `messageWritten`: the final record completes that row. */
  close(): Promise<{ messageWritten: boolean }>;
}

/**
 * The process's streaming replies, saved as they stream (docs/decisions/015): each reply's rows
 * are written once its first text is out, then one statement per second saves the text and running
 * usage of every reply that changed. The instance beats every few seconds; at start-up, and on
 * PostgreSQL every beat, replies whose instance is gone are marked interrupted.
 */
export interface LiveReplies {
  readonly instanceId: string;
  track(progress: ReplyProgress): LiveReply;
  /** Recovers what a stopped instance left streaming, registers this one and starts saving. Before serving. */
  start(): Promise<void>;
  /** After the last reply was recorded: stops saving and unregisters. */
  stop(): Promise<void>;
}

interface Tracked {
  progress: ReplyProgress;
  state: 'waiting' | 'written' | 'usage-only' | 'none';
  opening?: Promise<void>;
  closed: boolean;
}

export function createLiveReplies(options: {
  database: DatabaseHandle;
  logger: Logger;
  intervalMs?: number;
}): LiveReplies {
  const { database, logger } = options;
  const { db } = database;
  const instanceId = randomUUID();
  const intervalMs = options.intervalMs ?? checkpointIntervalMs;
  const replies = new Set<Tracked>();
  let ticking: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastBeat = 0;

  async function saveDue(): Promise<void> {
    const due = [];
    for (const reply of replies) {
      if (reply.state !== 'written' && reply.state !== 'usage-only') continue;
      const checkpoint = reply.progress.checkpoint(reply.state === 'written');
      if (checkpoint) due.push(checkpoint);
    }
    if (due.length === 0) return;
    await saveCheckpoints(db, instanceId, due);
    for (const checkpoint of due) checkpoint.saved();
  }

  async function beatAndSweep(): Promise<void> {
    lastBeat = Date.now();
    await beat(db, instanceId);
    // On PostgreSQL other instances may die at any time; the embedded database has no others.
    if (database.kind !== 'postgres') return;
    const recovered = await recoverInterruptedReplies(db, { ownersSilentForSeconds: ownerTimeoutSeconds });
    if (recovered > 0) logger.warn({ recovered }, 'replies of a server instance that is gone marked interrupted');
    const released = await releaseReservationsOfGoneInstances(db, { ownersSilentForSeconds: ownerTimeoutSeconds });
    if (released > 0)
      logger.warn({ released }, 'room a server instance that is gone held in monthly limits given back');
    await forgetSilentInstances(db, ownerTimeoutSeconds);
  }

  async function tick(): Promise<void> {
    await saveDue().catch((error: unknown) => logger.warn({ err: error }, 'saving streaming replies failed'));
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
      const reply: Tracked = { progress, state: 'waiting', closed: false };
      replies.add(reply);
      return {
        firstTextSent() {
          if (reply.opening || reply.closed) return;
          // The next turn: by then the first text has been handed to the socket, and the embedded
          // database, which runs on this thread, cannot hold it back.
          reply.opening = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
            reply.state = reply.closed ? 'none' : await progress.open(instanceId);
          });
        },
        async close() {
          reply.closed = true;
          replies.delete(reply);
          await reply.opening;
          // A checkpoint that included this reply finishes before the final record is written.
          await ticking;
          return { messageWritten: reply.state === 'written' };
        },
      };
    },
    async start() {
      const gone = database.kind === 'postgres' ? { ownersSilentForSeconds: ownerTimeoutSeconds } : {};
      const recovered = await recoverInterruptedReplies(db, gone);
      if (recovered > 0) logger.warn({ recovered }, 'replies left streaming by a stopped server marked interrupted');
      // Their usage is recorded up to the last checkpoint: the room they held is given back (docs/decisions/019).
      const released = await releaseReservationsOfGoneInstances(db, gone);
      if (released > 0) logger.warn({ released }, 'room a stopped server held in monthly limits given back');
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
      await removeInstance(db, instanceId).catch((error: unknown) =>
        logger.warn({ err: error }, 'unregistering the instance failed'),
      );
    },
  };
}
