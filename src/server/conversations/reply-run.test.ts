import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  GatewayError,
  type CatalogModel,
  type ChatProvider,
  type ChatStreamPart,
  type ChatStreamRequest,
} from '../../gateway';
import { AppError } from '../http/app-error';
import type { ConversationDependencies } from './conversation-dependencies';
import { createInFlightReplies } from './in-flight-replies';
import { openReply } from './reply-run';
import type { ModelCallPlan, ReplyPlan } from './reply-plan';

const model = { id: 'openai/gpt-4o-mini', provider: 'openai' } as CatalogModel;

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

function dependencies(): ConversationDependencies {
  return {
    logger: pino({ level: 'silent' }),
    inFlight: createInFlightReplies(),
    routing: { firstPartTimeoutMs: 1000 },
  } as unknown as ConversationDependencies;
}

const plan: Omit<ModelCallPlan, 'gateway'> = {
  caller: { orgId: 'org', userId: 'user' } as ReplyPlan['caller'],
  sessionId: 'session',
  userMessageId: 'message',
  replyMessageId: 'reply',
  usageId: 'usage',
  walletPays: new Set(),
  model,
  history: [{ role: 'user', content: 'Hi' }],
  inputTokens: 7,
  decisionId: 'decision',
  reference: model,
};

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('openReply with writes running beside the model call', () => {
  it('asks the model before the writes finish, and opens only once they have', async () => {
    const { gateway, seen, release } = controlledGateway('answers');
    const writes = deferred();
    let opened = false;
    const opening = openReply(dependencies(), { ...plan, gateway }, undefined, () => writes.promise).then(
      (reply) => ((opened = true), reply),
    );
    await tick();
    expect(seen.started).toBe(true);
    release();
    await tick();
    expect(opened).toBe(false);
    writes.resolve();
    await opening;
    expect(opened).toBe(true);
  });

  it('asks the model for at most the plan’s output tokens (the role’s cap, cut to the room left in its limits)', async () => {
    const { gateway, seen, release } = controlledGateway('answers');
    release();
    await openReply(dependencies(), { ...plan, gateway, maxOutputTokens: 42 });
    expect(seen.request?.maxOutputTokens).toBe(42);
  });

  it('starts the writes once the model has been asked, so the database does not hold the request back', async () => {
    const { gateway, seen, release } = controlledGateway('answers');
    let modelAskedFirst: boolean | undefined;
    const opening = openReply(dependencies(), { ...plan, gateway }, undefined, async () => {
      modelAskedFirst = seen.started;
    });
    release();
    await opening;
    expect(modelAskedFirst).toBe(true);
  });

  it('stops the model call and throws the writes’ error when they fail', async () => {
    const { gateway, seen, release } = controlledGateway('answers');
    const writes = deferred();
    const writing = deferred();
    const opening = openReply(dependencies(), { ...plan, gateway }, undefined, () => {
      writing.resolve();
      return writes.promise;
    });
    // The writes start once the request is on the wire (here: no HTTP, so after a short wait).
    await writing.promise;
    writes.reject(new Error('disk full'));
    release();
    await expect(opening).rejects.toThrow('disk full');
    expect(seen.request?.abortSignal?.aborted).toBe(true);
  });

  it('throws the model’s failure only after the writes are done, so the message is saved first', async () => {
    const { gateway, release } = controlledGateway('fails');
    const writes = deferred();
    let settled = false;
    const opening = openReply(dependencies(), { ...plan, gateway }, undefined, () => writes.promise).catch(
      (error: unknown) => ((settled = true), error),
    );
    release();
    await tick();
    expect(settled).toBe(false);
    writes.resolve();
    const error = await opening;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('upstream_failed');
  });
});
