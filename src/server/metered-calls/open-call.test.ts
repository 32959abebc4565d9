import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { GatewayError, modelCatalog } from '../../gateway';
import type { ChatProvider, ChatStreamPart, ChatStreamRequest } from '../../gateway/model-calling';
import { AppError } from '../http/app-error';
import type { Caller } from '../http/context';
import type { UsableModel } from '../usage/usable-model';
import type { CallContext } from './call-context';
import type { CallPlan } from './metered-call';
import type { MeteredCallsDependencies } from './metered-dependencies';
import { openCall } from './open-call';
import { createPriceBook } from '../pricing/price-book';

const model = modelCatalog.find((candidate) => candidate.id === 'openai/gpt-4o-mini')!;
const usable = { model, replyTokenCap: 1000 } as UsableModel;

/** A gateway whose one stream answers when the test says so, and which remembers how it was asked. */
function controlledGateway(behaviour: 'answers' | 'fails') {
  const seen: { request?: ChatStreamRequest; started: boolean } = { started: false };
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const gateway: ChatProvider = {
    async *stream(request): AsyncGenerator<ChatStreamPart> {
      seen.request = request;
      seen.started = true;
      await released;
      if (behaviour === 'fails') throw new GatewayError('unavailable', 'down', { provider: 'openai' });
      yield { type: 'text', text: 'Hello' };
      yield { type: 'usage', estimated: false, inputTokens: 1, cachedInputTokens: 0, outputTokens: 1 };
      yield { type: 'finish', reason: 'stop' };
    },
  };
  return { gateway, seen, release };
}

/**
 * The usage records the call writes, as a database would take them: each insert (a streaming one
 * or a kept attempt's) and each withdrawal, in order; `hold` keeps the next usage-record write
 * from finishing until it is let go.
 */
function recordingDatabase() {
  const writes: { kind: 'insert' | 'delete'; record?: { outcome?: string } }[] = [];
  let holding: Promise<void> | undefined;
  const db = {
    insert: () => ({
      values: (record: { outcome?: string }) => ({
        onConflictDoUpdate: async () => {
          const waited = holding;
          holding = undefined;
          await waited;
          writes.push({ kind: 'insert', record });
        },
      }),
    }),
    delete: () => ({
      where: async () => {
        writes.push({ kind: 'delete' });
      },
    }),
  };
  return {
    db,
    writes,
    hold(until: Promise<void>) {
      holding = until;
    },
  };
}

/** A call's context on a recording stand-in of the database (the cases write only usage records). */
function contextWith(
  gateway: ChatProvider,
  options: {
    beside?: () => Promise<void>;
    maxOutputTokens?: number;
    database?: ReturnType<typeof recordingDatabase>;
  } = {},
): CallContext<CallPlan, never> {
  const deadlines = { headersMs: 30_000, firstTokenMs: 30_000, betweenTokensMs: 30_000 };
  const { db } = options.database ?? recordingDatabase();
  const { beside } = options;
  return {
    dependencies: {
      logger: pino({ level: 'silent' }),
      prices: createPriceBook([]),
      db,
      // The writer's unit runs at once, on the stand-in.
      writer: { write: (unit: (transaction: unknown) => Promise<unknown>) => unit(db) },
      journal: { instanceId: 'instance' },
      leases: { recorded: () => undefined, release: () => undefined },
    } as unknown as MeteredCallsDependencies,
    options: {
      asker: { caller: { orgId: 'org', userId: 'user' } as Caller, source: 'chat' },
      plan: { primary: usable },
      request: () => ({ messages: [{ role: 'user', content: 'Hi' }] }),
      // The caller's rows are ready to write once `beside` resolves; writing them is the stand-in's.
      beside:
        beside &&
        (async () => {
          await beside();
          return { write: async () => undefined };
        }),
    },
    held: {
      plan: { primary: usable },
      attempts: [
        {
          usable,
          request: { messages: [{ role: 'user', content: 'Hi' }] },
          inputTokens: 7,
          maxOutputTokens: options.maxOutputTokens ?? 1000,
        },
      ],
      usageId: 'usage',
      holds: [],
      leaseIds: new Map(),
    },
    billing: { asker: { caller: { orgId: 'org', userId: 'user' } as Caller, source: 'chat' }, walletPays: new Set() },
    gateway,
    deadlines: { primary: deadlines, backup: deadlines },
    pricedAt: new Date(),
    startedAt: performance.now(),
    upstream: new AbortController(),
  };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('opening a metered call with its rows written beside it', () => {
  it('asks the model before the rows are written, and opens only once they are', async () => {
    const { gateway, seen, release } = controlledGateway('answers');
    const writes = deferred();
    let opened = false;
    const opening = openCall(contextWith(gateway, { beside: () => writes.promise })).then((call) => {
      opened = true;
      return call;
    });
    await tick();
    expect(seen.started).toBe(true);
    release();
    await tick();
    expect(opened).toBe(false);
    writes.resolve();
    await opening;
    expect(opened).toBe(true);
  });

  it('opens only once the call’s usage record is written as streaming, after its rows (docs/decisions/064)', async () => {
    const { gateway, release } = controlledGateway('answers');
    const database = recordingDatabase();
    const recordWritten = deferred();
    database.hold(recordWritten.promise);
    let opened = false;
    const opening = openCall(contextWith(gateway, { database })).then((call) => {
      opened = true;
      return call;
    });
    release();
    await tick();
    expect(opened).toBe(false);
    recordWritten.resolve();
    await opening;
    expect(database.writes.map((write) => [write.kind, write.record?.outcome])).toEqual([['insert', 'streaming']]);
  });

  it('withdraws the streaming record when no model answers, keeping the refusal’s own record', async () => {
    const { gateway, release } = controlledGateway('fails');
    const database = recordingDatabase();
    release();
    await expect(openCall(contextWith(gateway, { database }))).rejects.toBeInstanceOf(AppError);
    expect(database.writes.map((write) => [write.kind, write.record?.outcome])).toEqual([
      ['insert', 'failed'],
      ['insert', 'streaming'],
      ['delete', undefined],
    ]);
  });

  it('asks the model for at most the output tokens held for it (the role’s cap, cut to the room left)', async () => {
    const { gateway, seen, release } = controlledGateway('answers');
    release();
    await openCall(contextWith(gateway, { maxOutputTokens: 42 }));
    expect(seen.request?.maxOutputTokens).toBe(42);
  });

  it('starts the rows once the model has been asked, so the database does not hold the request back', async () => {
    const { gateway, seen, release } = controlledGateway('answers');
    let modelAskedFirst: boolean | undefined;
    const opening = openCall(
      contextWith(gateway, {
        beside: async () => {
          modelAskedFirst = seen.started;
        },
      }),
    );
    release();
    await opening;
    expect(modelAskedFirst).toBe(true);
  });

  it('stops the model call and throws the rows’ error when they fail', async () => {
    const { gateway, seen, release } = controlledGateway('answers');
    const writes = deferred();
    const writing = deferred();
    const opening = openCall(
      contextWith(gateway, {
        beside: () => {
          writing.resolve();
          return writes.promise;
        },
      }),
    );
    // The rows start once the request is on the wire (here: no HTTP, so after a short wait).
    await writing.promise;
    writes.reject(new Error('disk full'));
    release();
    await expect(opening).rejects.toThrow('disk full');
    expect(seen.request?.abortSignal?.aborted).toBe(true);
  });

  it('throws the model’s failure only after the rows are written, so the message is saved first', async () => {
    const { gateway, release } = controlledGateway('fails');
    const writes = deferred();
    let settled = false;
    const opening = openCall(contextWith(gateway, { beside: () => writes.promise })).catch((error: unknown) => {
      settled = true;
      return error;
    });
    release();
    await tick();
    expect(settled).toBe(false);
    writes.resolve();
    const error = await opening;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('upstream_failed');
  });
});
