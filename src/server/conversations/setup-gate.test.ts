import { describe, expect, it } from 'vitest';
import { createSetupGate } from './setup-gate';

const settledSoon = () => new Promise((resolve) => setImmediate(resolve));

describe('the chat setup gate', () => {
  it('lets the given number in at once and the rest in arrival order as turns end', async () => {
    const gate = createSetupGate(2);
    const admitted: number[] = [];
    const tickets = Array.from({ length: 5 }, (_, index) =>
      gate.enter().then((ticket) => {
        admitted.push(index);
        return ticket;
      }),
    );
    await settledSoon();
    expect(admitted).toEqual([0, 1]);
    (await tickets[1]!).leave();
    await settledSoon();
    expect(admitted).toEqual([0, 1, 2]);
    (await tickets[0]!).leave();
    (await tickets[2]!).leave();
    await settledSoon();
    expect(admitted).toEqual([0, 1, 2, 3, 4]);
  });

  it('counts a turn once however often it is left', async () => {
    const gate = createSetupGate(1);
    const first = await gate.enter();
    const second = gate.enter();
    const third = gate.enter();
    first.leave();
    first.leave();
    await second;
    let thirdIn = false;
    void third.then(() => (thirdIn = true));
    await settledSoon();
    expect(thirdIn).toBe(false);
  });

  it('drops a request whose client left while it waited, without giving its turn away', async () => {
    const gate = createSetupGate(1);
    const first = await gate.enter();
    const leaving = new AbortController();
    const gone = gate.enter(leaving.signal);
    const next = gate.enter();
    leaving.abort(new Error('client gone'));
    await expect(gone).rejects.toThrow('client gone');
    first.leave();
    const ticket = await next;
    let afterwardsIn = false;
    void gate.enter().then(() => (afterwardsIn = true));
    await settledSoon();
    expect(afterwardsIn).toBe(false);
    ticket.leave();
    await settledSoon();
    expect(afterwardsIn).toBe(true);
  });
});
