import type { Logger } from 'pino';

/**
 * Work a request starts but does not wait for, so its answer cannot depend on it (the
 * password-reset e-mail). A failure is logged, never thrown; shutdown waits for what still runs.
 */
export interface BackgroundTasks {
  run(name: string, work: () => Promise<void>): void;
  /**
   * Resolves once every task started so far has finished, or once `timeoutMs` has passed, with
   * the number still running.
   */
  settled(timeoutMs: number): Promise<number>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<void>>();

  return {
    run(name, work) {
      // Begun on a later turn of the event loop, so the answer is already on its way.
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => logger.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settled(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
      try {
        // Tasks may start while earlier ones finish (none do today, but the loop costs nothing).
        while (running.size > 0) {
          if ((await Promise.race([Promise.all(running), timedOut])) === 'timeout') break;
        }
      } finally {
        clearTimeout(timer);
      }
      return running.size;
    },
  };
}
