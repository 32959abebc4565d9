import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../gateway';
import { startFakeProviderServer, type FakeProviderServer } from '../../gateway/testing/fake-provider-server';
import { providerCases } from '../../gateway/testing/provider-cases';
import type { UsableModel } from '../usage/usable-model';
import { DeadlinePassed, type CallDeadlines } from './call-deadlines';
import type { HeldAttempt } from './call-holds';
import { openAttempt } from './open-attempt';

/**
 * One model asked with its deadlines, over each provider's real wire format (the fake provider
 * server): a provider that never answers, or answers its headers and then nothing, is stopped when
 * its deadline passes, and the stop reaches the provider.
 */
let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

// Generous beside the fake server's instant answers, even on a loaded runner; the stalls are for ever.
const deadlines: CallDeadlines = { headersMs: 2_000, firstTokenMs: 2_500, betweenTokensMs: 2_500 };

describe.each(providerCases)('asking $provider with deadlines', (providerCase) => {
  // The adapter itself, asked by the provider's own model name (the gateway in front of it maps catalog ids).
  const model = { id: providerCase.modelId, provider: providerCase.provider } as CatalogModel;
  const gateway = () => providerCase.create(server.url);
  beforeAll(async () => {
    // The adapter's first call in a process compiles its code: not what the deadlines are about.
    for await (const _part of gateway().stream({ modelId: model.id, messages: [{ role: 'user', content: 'Warm' }] })) {
      // Read to the end.
    }
    server.reset();
  });
  const attempt: HeldAttempt = {
    usable: { model } as UsableModel,
    request: { messages: [{ role: 'user', content: 'Count to three' }] },
    inputTokens: 5,
    maxOutputTokens: 50,
  };

  it('opens on the first token of a model that answers', async () => {
    server.enqueueReply({ text: 'one two three' });
    const opened = await openAttempt(gateway(), attempt, deadlines, new AbortController().signal);
    expect(opened.first.value).toEqual({ type: 'text', text: 'one' });
    opened.release();
    await opened.iterator.return?.();
  });

  it('stops a model that never sends its headers', async () => {
    server.enqueueReply({ headersDelayMs: 60_000 });
    const failure = await openAttempt(gateway(), attempt, deadlines, new AbortController().signal).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DeadlinePassed);
    expect((failure as DeadlinePassed).deadline).toEqual({ kind: 'headers', ms: 2_000 });
    expect(await server.requests[0]!.ended).toBe('closed-by-client');
  });

  it('stops a model that sends its headers and then nothing', async () => {
    server.enqueueReply({ text: 'never sent', stallAfterChunks: 0 });
    const failure = await openAttempt(gateway(), attempt, deadlines, new AbortController().signal).catch(
      (error: unknown) => error,
    );
    expect((failure as DeadlinePassed).deadline).toEqual({ kind: 'first_token', ms: 2_500 });
    expect(await server.requests[0]!.ended).toBe('closed-by-client');
  });

  it('ends as aborted, not failed, when the caller stops it first', async () => {
    server.enqueueReply({ text: 'never sent', stallAfterChunks: 0 });
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 100);
    const opened = await openAttempt(gateway(), attempt, deadlines, caller.signal);
    expect(opened.first.value).toMatchObject({ type: 'usage' });
    expect(opened.watch.passed).toBeUndefined();
    opened.release();
    expect(await server.requests[0]!.ended).toBe('closed-by-client');
  });
});
