import { describe, expect, it } from 'vitest';
import { summariseSavings } from './cost-savings';
import { buildCostSavingsCsv, costSavingsCsvColumns, costSavingsFileName } from './cost-savings-csv';

const model = {
  model_id: 'openai/gpt-4o-mini',
  model_name: 'GPT-4o mini',
  daily_savings: [
    // Out of order on purpose: the file lists days in date order.
    { date: '2026-03-02', tokens_used: 40, actual_cost: 0.2, potential_cost: 0.3 },
    { date: '2026-03-01', tokens_used: 1500, actual_cost: 0.0003375, potential_cost: 0.0225 },
    { date: '2026-03-03', tokens_used: 7, actual_cost: 0.1, potential_cost: 0.1 },
  ],
};

describe('the cost-savings CSV (spec section 9)', () => {
  it('has the columns Date, Tokens Used, Actual Cost, Potential Cost, Savings and one line per day with exact amounts', () => {
    expect(costSavingsCsvColumns).toEqual(['Date', 'Tokens Used', 'Actual Cost', 'Potential Cost', 'Savings']);
    const csv = buildCostSavingsCsv(summariseSavings(model).days);
    expect(csv.split('\r\n')).toEqual([
      'Date,Tokens Used,Actual Cost,Potential Cost,Savings',
      '2026-03-01,1500,0.0003375,0.0225,0.0221625',
      // 0.3 - 0.2 in floating point is 0.09999999999999998; the file says 0.1.
      '2026-03-02,40,0.2,0.3,0.1',
      '2026-03-03,7,0.1,0.1,0',
      '',
    ]);
  });

  it('writes a header alone when there are no days, and quotes a field that needs it', () => {
    expect(buildCostSavingsCsv([])).toBe('Date,Tokens Used,Actual Cost,Potential Cost,Savings\r\n');
    const odd = buildCostSavingsCsv([
      { date: '2026-03-01, noon', tokens_used: 1, actual_cost: 0, potential_cost: 0, savings: 0 },
    ]);
    expect(odd.split('\r\n')[1]).toBe('"2026-03-01, noon",1,0,0,0');
  });

  it('is named cost-savings with the model id and the dates, the provider slash made safe for a file name', () => {
    expect(costSavingsFileName('openai/gpt-4o-mini', { from: '2026-02-18', to: '2026-03-20' })).toBe(
      'cost-savings-openai_gpt-4o-mini-2026-02-18-2026-03-20.csv',
    );
    expect(costSavingsFileName('local', { from: '2026-03-01', to: '2026-03-01' })).toBe(
      'cost-savings-local-2026-03-01-2026-03-01.csv',
    );
  });

  it('sums the period exactly: savings, tokens, actual and potential cost', () => {
    const summary = summariseSavings(model);
    expect(summary).toMatchObject({
      tokensProcessed: 1547,
      actualCost: 0.3003375,
      potentialCost: 0.4225,
      periodSavings: 0.1221625,
    });
    expect(summary.days.map((day) => day.date)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
  });
});
