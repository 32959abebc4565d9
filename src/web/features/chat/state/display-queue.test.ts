import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDisplayQueue, splitIntoDisplayChunks } from './display-queue';

describe('display queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('splits text into word and whitespace chunks', () => {
    expect(splitIntoDisplayChunks('Hello  big\nworld')).toEqual(['Hello', '  ', 'big', '\n', 'world']);
  });

  it('shows one chunk every 10 ms', () => {
    const shown: string[] = [];
    const queue = createDisplayQueue((chunk) => shown.push(chunk));
    queue.push('one two');
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(10);
    expect(shown).toEqual(['one']);
    vi.advanceTimersByTime(10);
    expect(shown).toEqual(['one', ' ']);
    vi.advanceTimersByTime(10);
    expect(shown.join('')).toBe('one two');
  });

  it('resolves drained only 50 ms after the last chunk was shown', async () => {
    const shown: string[] = [];
    const queue = createDisplayQueue((chunk) => shown.push(chunk));
    queue.push('a b');
    let done = false;
    void queue.drained().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(30);
    expect(shown.join('')).toBe('a b');
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(49);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('flush shows everything still queued at once', () => {
    const shown: string[] = [];
    const queue = createDisplayQueue((chunk) => shown.push(chunk));
    queue.push('a b c');
    queue.flush();
    expect(shown).toEqual(['a b c']);
  });
});
