import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSampled, shadowDraw } from './shadow-draw';

describe('the per-decision draw of shadow evaluation', () => {
  it('is the same for the same decision and spread evenly over decisions', () => {
    const id = randomUUID();
    expect(shadowDraw(id)).toBe(shadowDraw(id));
    const draws = Array.from({ length: 4000 }, () => shadowDraw(randomUUID()));
    for (const draw of draws) expect(draw >= 0 && draw < 1).toBe(true);
    const mean = draws.reduce((sum, draw) => sum + draw, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.47);
    expect(mean).toBeLessThan(0.53);
  });

  it('samples at the rate: 0 never, 1 always, 0.1 about a tenth', () => {
    const ids = Array.from({ length: 4000 }, () => randomUUID());
    expect(ids.filter((id) => isSampled(id, 0))).toHaveLength(0);
    expect(ids.filter((id) => isSampled(id, 1))).toHaveLength(ids.length);
    const share = ids.filter((id) => isSampled(id, 0.1)).length / ids.length;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.12);
  });
});
