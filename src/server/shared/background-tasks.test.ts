import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from './background-tasks';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

describe('background tasks', () => {
  it('starts a task after the caller has moved on, and settles once it has finished', async () => {
    const { logger } = capturingLogger();
    const tasks = createBackgroundTasks(logger);
    const order: string[] = [];
    const { opened, open } = gate();
    tasks.run('e-mail', async () => {
      order.push('task started');
      await opened;
      order.push('task finished');
    });
    order.push('answered');
    const settled = tasks.settled(60_000).then((unfinished) => order.push(`settled with ${unfinished} unfinished`));
    await new Promise((resolve) => setImmediate(resolve));
    open();
    await settled;
    expect(order).toEqual(['answered', 'task started', 'task finished', 'settled with 0 unfinished']);
  });

  it('logs a failed task with its name and keeps going', async () => {
    const { logger, lines } = capturingLogger();
    const tasks = createBackgroundTasks(logger);
    tasks.run('password-reset e-mail', () => Promise.reject(new Error('SMTP refused')));
    let ranAfter = false;
    tasks.run('next', async () => {
      ranAfter = true;
    });
    expect(await tasks.settled(60_000)).toBe(0);
    expect(ranAfter).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      task: 'password-reset e-mail',
      msg: 'background task failed',
      err: { message: 'SMTP refused' },
    });
  });

  it('stops waiting after the timeout and names how many are still running', async () => {
    const { logger } = capturingLogger();
    const tasks = createBackgroundTasks(logger);
    const { opened, open } = gate();
    tasks.run('stuck', () => opened);
    expect(await tasks.settled(20)).toBe(1);
    open();
    expect(await tasks.settled(60_000)).toBe(0);
  });
});
