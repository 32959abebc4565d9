import type { Logger } from 'pino';

export interface IntervalJob {
  /** Runs now, then every interval; a run still going when the next is due is not doubled. */
  start(): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
  /** Runs now, or joins the run under way. */
  runNow(): Promise<void>;
}

/** Work the server does by itself on a timer (the retention sweep); a failure is logged and the next run tries again. */
export function createIntervalJob(
  name: string,
  run: () => Promise<void>,
  intervalMs: number,
  logger: Logger,
): IntervalJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  function runNow(): Promise<void> {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }
  const runAndLog = () => {
    runNow().catch((error: unknown) => logger.error({ err: error, job: name }, 'scheduled job failed'));
  };

  return {
    start() {
      if (timer) return;
      runAndLog();
      // Unreferenced: the timer alone never keeps the process alive.
      timer = setInterval(runAndLog, intervalMs).unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    runNow,
  };
}
