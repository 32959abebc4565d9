/** Spec section 9: one word or whitespace chunk every 10 ms; finalising waits 50 ms. */
const displayIntervalMs = 10;
const finaliseDelayMs = 50;

export interface DisplayQueue {
  push: (text: string) => void;
  /** Resolves once everything queued has been shown and the finalise wait has passed. */
  drained: () => Promise<void>;
  /** Shows whatever is still queued at once (stop generating) and stops the timer. */
  flush: () => void;
  cancel: () => void;
}

export function splitIntoDisplayChunks(text: string): string[] {
  return text.match(/\s+|\S+/g) ?? [];
}

export function createDisplayQueue(show: (chunk: string) => void): DisplayQueue {
  const queue: string[] = [];
  let timer: ReturnType<typeof setInterval> | null = null;
  let waiters: (() => void)[] = [];

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  function settle() {
    const resolved = waiters;
    waiters = [];
    setTimeout(() => {
      for (const resolve of resolved) resolve();
    }, finaliseDelayMs);
  }

  function tick() {
    const chunk = queue.shift();
    if (chunk !== undefined) show(chunk);
    if (queue.length === 0) {
      stop();
      if (waiters.length > 0) settle();
    }
  }

  return {
    push(text) {
      queue.push(...splitIntoDisplayChunks(text));
      if (!timer && queue.length > 0) timer = setInterval(tick, displayIntervalMs);
    },
    drained() {
      return new Promise((resolve) => {
        waiters.push(resolve);
        if (queue.length === 0 && !timer) settle();
      });
    },
    flush() {
      stop();
      if (queue.length > 0) show(queue.splice(0).join(''));
      if (waiters.length > 0) settle();
    },
    cancel() {
      stop();
      queue.length = 0;
      waiters = [];
    },
  };
}
