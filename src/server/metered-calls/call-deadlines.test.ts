import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelCatalog } from '../../gateway';
import { deadlinesFor, watchDeadlines, type CallDeadlines, type DeadlinePassed } from './call-deadlines';

const model = modelCatalog.find((candidate) => candidate.id === 'openai/gpt-4o-mini')!;
const deadlines: CallDeadlines = { headersMs: 1_000, firstTokenMs: 5_000, betweenTokensMs: 2_000 };

describe('the deadlines of one model call', () => {
  let passed: DeadlinePassed[];
  const watch = () => watchDeadlines(model, deadlines, (deadline) => passed.push(deadline));

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    passed = [];
  });
  afterEach(() => vi.useRealTimers());

  it('stops a call whose response has not begun by the headers deadline', () => {
    const watching = watch();
    vi.advanceTimersByTime(999);
    expect(passed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(passed.map((deadline) => deadline.deadline)).toEqual([{ kind: 'headers', ms: 1_000 }]);
    expect(watching.passed).toBe(passed[0]);
  });

  it('counts the first token from the start of the call, once the response has begun', () => {
    const watching = watch();
    vi.advanceTimersByTime(900);
    watching.responseStarted();
    vi.advanceTimersByTime(4_099);
    expect(passed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(watching.passed?.deadline).toEqual({ kind: 'first_token', ms: 5_000 });
  });

  it('lets a model that keeps answering run past every deadline, and stops it once it falls silent', () => {
    const watching = watch();
    watching.responseStarted();
    vi.advanceTimersByTime(4_000);
    for (let token = 0; token < 20; token += 1) {
      watching.tokenArrived();
      vi.advanceTimersByTime(1_900);
    }
    expect(passed).toEqual([]);
    vi.advanceTimersByTime(99);
    expect(passed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(watching.passed?.deadline).toEqual({ kind: 'between_tokens', ms: 2_000 });
    expect(passed).toHaveLength(1);
  });

  it('takes a first token without a response start (a provider that sends none) as both', () => {
    const watching = watch();
    vi.advanceTimersByTime(500);
    watching.tokenArrived();
    vi.advanceTimersByTime(1_999);
    expect(passed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(watching.passed?.deadline.kind).toBe('between_tokens');
  });

  it('is quiet once stopped', () => {
    const watching = watch();
    watching.stop();
    vi.advanceTimersByTime(60_000);
    expect(passed).toEqual([]);
    expect(watching.passed).toBeUndefined();
  });
});

describe('the deadlines an organisation’s calls have', () => {
  it('are its policy’s, else the product’s, and a primary with a backup waiting must start sooner', () => {
    expect(deadlinesFor({ headers_ms: null, first_token_ms: null, between_tokens_ms: null })).toEqual({
      headersMs: 30_000,
      firstTokenMs: 120_000,
      betweenTokensMs: 30_000,
    });
    const policy = { headers_ms: 5_000, first_token_ms: 60_000, between_tokens_ms: null };
    expect(deadlinesFor(policy)).toEqual({ headersMs: 5_000, firstTokenMs: 60_000, betweenTokensMs: 30_000 });
    expect(deadlinesFor(policy, { backupWaiting: 10_000 }).firstTokenMs).toBe(10_000);
    expect(deadlinesFor(policy, { backupWaiting: 90_000 }).firstTokenMs).toBe(60_000);
  });
});
