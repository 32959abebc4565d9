import { getTableColumns, isTable, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

// Money is read as text (or bigint) and converted by src/money, never as a JavaScript number
// (docs/decisions/063). Numeric columns that are not money are named here.
const numericColumnsThatAreNotMoney = new Set(['organisation_settings.default_temperature']);

function numericColumnsReadAsNumbers(): string[] {
  const found: string[] = [];
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const table = value as Table;
    const tableName = (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')];
    for (const column of Object.values(getTableColumns(table))) {
      if (column.columnType === 'PgNumericNumber') found.push(`${tableName}.${column.name}`);
    }
  }
  return found;
}

describe('money columns', () => {
  it('are never read in numeric mode "number"', () => {
    const found = numericColumnsReadAsNumbers();
    expect(found.filter((column) => !numericColumnsThatAreNotMoney.has(column))).toEqual([]);
  });

  it('are found when declared so (the guard sees numeric columns read as numbers)', () => {
    expect(numericColumnsReadAsNumbers()).toContain([...numericColumnsThatAreNotMoney][0]);
  });
});
