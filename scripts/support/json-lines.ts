import { readFile } from 'node:fs/promises';

/** One parsed line of a JSON Lines file, with its 1-based line number for error messages. */
export interface JsonLine {
  lineNumber: number;
  value: unknown;
}

/** Parses JSON Lines text; blank lines are skipped, a line that is not JSON throws naming its line number. */
export function parseJsonLines(text: string, source = 'input'): JsonLine[] {
  const lines: JsonLine[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      lines.push({ lineNumber: index + 1, value: JSON.parse(line) });
    } catch (error) {
      throw new Error(`${source} line ${index + 1}: not valid JSON (${(error as Error).message})`);
    }
  });
  return lines;
}

/** Reads and parses a JSON Lines file. */
export async function readJsonLines(filePath: string): Promise<JsonLine[]> {
  return parseJsonLines(await readFile(filePath, 'utf8'), filePath);
}
