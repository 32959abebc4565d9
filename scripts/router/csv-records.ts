/**
 * Parses CSV text (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks) into
 * records keyed by the header row. Small on purpose: the RouteLLM files are the only input.
 */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const rows = parseCsvRows(text);
  const header = rows.shift();
  if (!header) return [];
  return rows
    .filter((row) => !(row.length === 1 && row[0] === ''))
    .map((row, index) => {
      if (row.length !== header.length)
        throw new Error(`CSV record ${index + 1} has ${row.length} fields, the header ${header.length}`);
      return Object.fromEntries(header.map((name, column) => [name, row[column]!]));
    });
}

function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character !== '"') field += character;
      else if (text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += character;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
