import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeTurnsWithEventLoop } from './pglite-turns';

/** How many of `statements` had finished when a zero-delay timer set before them ran. */
async function finishedBeforeATimer(statements: (() => Promise<unknown>)[]): Promise<number> {
  let finished = 0;
  let finishedWhenTimerRan = -1;
  setTimeout(() => (finishedWhenTimerRan = finished), 0);
  await Promise.all(statements.map((statement) => statement().then(() => (finished += 1))));
  await new Promise((resolve) => setTimeout(resolve, 5));
  return finishedWhenTimerRan;
}

describe('takeTurnsWithEventLoop', () => {
  let plain: PGlite;
  let taking: PGlite;
  beforeAll(async () => {
    plain = await PGlite.create('memory://');
    taking = takeTurnsWithEventLoop(await PGlite.create('memory://'));
    await taking.exec('create table counted (value int)');
  }, 300_000);
  afterAll(async () => {
    await plain?.close();
    await taking?.close();
  });

  it('lets a timer run between queued statements, which PGlite alone runs as one chain', async () => {
    const selects = (client: PGlite) => Array.from({ length: 100 }, () => () => client.query('select 1'));
    // The finding (issue 20): without turns, every statement ran before the timer.
    expect(await finishedBeforeATimer(selects(plain))).toBe(100);
    expect(await finishedBeforeATimer(selects(taking))).toBeLessThan(100);
  }, 60_000);

  it('keeps transactions whole: their statements take turns, and a failure rolls all of them back', async () => {
    await taking.transaction(async (transaction) => {
      await transaction.query('insert into counted values ($1)', [1]);
      await transaction.exec('insert into counted values (2)');
    });
    await expect(
      taking.transaction(async (transaction) => {
        await transaction.query('insert into counted values ($1)', [3]);
        await transaction.query('insert into missing_table values (4)');
      }),
    ).rejects.toThrow(/missing_table/);
    const rows = await taking.query<{ value: number }>('select value from counted order by value');
    expect(rows.rows.map((row) => row.value)).toEqual([1, 2]);
  }, 60_000);
});
