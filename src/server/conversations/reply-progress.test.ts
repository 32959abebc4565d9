import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { costOfUsage, estimateTextTokens, modelCatalog } from '../../gateway';
import type { ReplyPlan } from './reply-plan';
import { createReplyProgress } from './reply-progress';

const model = modelCatalog.find((candidate) => candidate.id === 'openai/gpt-4o-mini')!;
const reference = modelCatalog.find((candidate) => candidate.id === 'openai/gpt-4o')!;
const plan = {
  caller: { orgId: 'org', userId: 'user' },
  sessionId: 'session',
  replyMessageId: 'reply',
  decisionId: 'decision',
  reference,
} as ReplyPlan;

const progressOf = () =>
  createReplyProgress({ db: undefined as never, logger: pino({ level: 'silent' }) }, plan, {
    usageId: 'usage',
    model,
    inputTokens: 20,
    started: performance.now(),
  });

describe('a streaming reply between checkpoints', () => {
  it('is due only when its text changed since the last saved checkpoint', () => {
    const progress = progressOf();
    progress.text = 'Hello there';
    const first = progress.checkpoint(true)!;
    expect(first).toMatchObject({ orgId: 'org', messageId: 'reply', usageId: 'usage', content: 'Hello there' });
    first.saved();
    expect(progress.checkpoint(true)).toBeUndefined();
    progress.text += ', how are you?';
    expect(progress.checkpoint(true)?.content).toBe('Hello there, how are you?');
  });

  it('counts each piece of text once, with the gateway tokenizer, and prices it on both models', () => {
    const progress = progressOf();
    const pieces = ['The quick brown fox', ' jumps over', ' the lazy dog.'];
    let expected = 0;
    let last;
    for (const piece of pieces) {
      progress.text += piece;
      expected += estimateTextTokens(piece);
      last = progress.checkpoint(true)!;
      last.saved();
    }
    const usage = { inputTokens: 20, cachedInputTokens: 0, outputTokens: expected };
    expect(last).toMatchObject({
      outputTokens: expected,
      tokens: 20 + expected,
      costUsd: costOfUsage(model, usage),
      referenceCostUsd: costOfUsage(reference, usage),
    });
  });

  it('names no message when only its usage record could be written', () => {
    const progress = progressOf();
    progress.text = 'Partial';
    expect(progress.checkpoint(false)?.messageId).toBeNull();
  });

  it('is due again after a checkpoint that was not saved', () => {
    const progress = progressOf();
    progress.text = 'Not saved yet';
    expect(progress.checkpoint(true)).toBeDefined();
    expect(progress.checkpoint(true)?.content).toBe('Not saved yet');
  });
});
