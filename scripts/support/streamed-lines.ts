import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

/** One line of a text stream, with its 1-based number for error messages (the line break removed). */
export interface NumberedLine {
  lineNumber: number;
  text: string;
}

/**
 * The lines of a stream as they arrive: a line is handed on as soon as its line break (or the end
 * of the stream) has been read, and the next chunk is read only when asked for, so a command can
 * answer line k before line k + 1 exists (a pipe written one line at a time).
 */
export async function* readNumberedLines(stream: Readable): AsyncGenerator<NumberedLine> {
  let pending = '';
  let lineNumber = 0;
  stream.setEncoding('utf8');
  for await (const chunk of stream as AsyncIterable<string>) {
    pending += chunk;
    let end = pending.indexOf('\n');
    while (end >= 0) {
      lineNumber += 1;
      yield { lineNumber, text: pending.slice(0, end).replace(/\r$/, '') };
      pending = pending.slice(end + 1);
      end = pending.indexOf('\n');
    }
  }
  if (pending !== '') yield { lineNumber: lineNumber + 1, text: pending.replace(/\r$/, '') };
}

/** A file's stream, or standard input for "-". Opening errors surface on the first read. */
export function openInput(path: string): Readable {
  return path === '-' ? process.stdin : createReadStream(path);
}

/**
 * Runs ahead of the consumer by up to `depth` items that have already arrived, starting work on
 * each (`start`, e.g. embedding its prompt) as soon as it is read, so that work for later lines
 * overlaps the consumer's. It never waits for an item to arrive before handing over one it has:
 * with a pipe written one line at a time it behaves like the source itself. An error of the
 * source is raised at its position, after every item read before it.
 */
export async function* readAhead<Item, Started>(
  source: AsyncIterable<Item>,
  depth: number,
  start: (item: Item) => Started,
): AsyncGenerator<{ item: Item; started: Started }> {
  const iterator = source[Symbol.asyncIterator]();
  const queue: { item: Item; started: Started }[] = [];
  let finished = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  let room: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };

  const pump = (async () => {
    try {
      for (;;) {
        while (queue.length >= depth) await new Promise<void>((resolve) => (room = resolve));
        const next = await iterator.next();
        if (next.done) break;
        queue.push({ item: next.value, started: start(next.value) });
        notify();
      }
    } catch (error) {
      failure = { error };
    }
    finished = true;
    notify();
  })();

  try {
    for (;;) {
      if (queue.length > 0) {
        const next = queue.shift()!;
        room?.();
        room = undefined;
        yield next;
        continue;
      }
      if (failure) throw failure.error;
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    // A consumer that stops early ends the command; the pump may be waiting on a pipe, so it is not awaited.
    room?.();
    void pump;
  }
}
