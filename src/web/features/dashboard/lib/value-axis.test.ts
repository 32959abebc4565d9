import { describe, expect, it } from 'vitest';
import { valueAxis } from './value-axis';

const labels = (values: number[], kind: 'money' | 'count') => {
  const axis = valueAxis(values, kind);
  return axis.ticks.map(axis.format);
};

describe('valueAxis', () => {
  it('gives a day of light use distinct money ticks, not $0.0001 again and again', () => {
    const shown = labels([0.000089, 0.00012, 0.00017], 'money');
    expect(shown).toEqual(['$0.00000', '$0.00005', '$0.00010', '$0.00015', '$0.00020']);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it.each([
    [[0.0008888], 'money'],
    [[0.003, 0.0031], 'money'],
    [[1.5, 4.2], 'money'],
    [[0.05, 0.8, 3.2], 'money'],
    [[12_000, 250], 'count'],
    [[3], 'count'],
    [[0.00000004, 0.0000002], 'money'],
  ] as const)('ticks for %j read distinctly and cover the values', (values, kind) => {
    const axis = valueAxis(values, kind);
    const shown = axis.ticks.map(axis.format);
    expect(new Set(shown).size).toBe(shown.length);
    expect(axis.ticks.length).toBeGreaterThanOrEqual(2);
    expect(axis.domain[0]).toBeLessThanOrEqual(Math.min(0, ...values));
    expect(axis.domain[1]).toBeGreaterThanOrEqual(Math.max(...values));
  });

  it('writes whole dollars and cents plainly', () => {
    expect(labels([3.2], 'money')).toEqual(['$0', '$1', '$2', '$3', '$4']);
    expect(labels([0.8], 'money')).toEqual(['$0.00', '$0.20', '$0.40', '$0.60', '$0.80']);
  });

  it('counts in whole tokens even for tiny values, and has an axis without any value', () => {
    expect(labels([3], 'count')).toEqual(['0', '1', '2', '3']);
    expect(labels([], 'count')).toEqual(['0', '1']);
    expect(labels([0, 0], 'money')).toEqual(['$0.000', '$0.005', '$0.010']);
  });
});
