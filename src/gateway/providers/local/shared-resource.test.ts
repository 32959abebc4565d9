import { describe, expect, it, vi } from 'vitest';
import { failOnConsoleOutput } from '../../testing/fail-on-console-output';
import { createSharedResource } from './shared-resource';

failOnConsoleOutput();

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  return { promise, resolve, reject };
}

describe('createSharedResource', () => {
  it('creates once for concurrent first calls and shares the result', async () => {
    const creation = deferred<{ id: number }>();
    const create = vi.fn(() => creation.promise);
    const resource = createSharedResource(create, async () => {});
    const first = resource.get();
    const second = resource.get();
    creation.resolve({ id: 1 });
    expect(await first).toBe(await second);
    expect(await resource.get()).toEqual({ id: 1 });
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed creation', async () => {
    const create = vi.fn().mockRejectedValueOnce(new Error('bad file')).mockResolvedValueOnce('model');
    const resource = createSharedResource<string>(create, async () => {});
    await expect(resource.get()).rejects.toThrow('bad file');
    await expect(resource.get()).resolves.toBe('model');
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('disposes once on close, after a creation in progress, and refuses later calls', async () => {
    const creation = deferred<string>();
    const dispose = vi.fn(async () => {});
    const resource = createSharedResource(() => creation.promise, dispose);
    const pending = resource.get();
    const closing = [resource.close(), resource.close()];
    creation.resolve('model');
    await Promise.all(closing);
    await expect(pending).resolves.toBe('model');
    expect(dispose).toHaveBeenCalledExactlyOnceWith('model');
    await expect(resource.get()).rejects.toThrow('closed');
  });

  it('closes without disposing when nothing was created', async () => {
    const dispose = vi.fn(async () => {});
    const resource = createSharedResource(async () => 'model', dispose);
    await resource.close();
    expect(dispose).not.toHaveBeenCalled();
  });
});
