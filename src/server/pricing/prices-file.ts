import { pricePerTokenOf, type Picodollars } from '../../money';

/** One entry of a prices file as parsed: prices in picodollars per token; no date means "from when it is applied". */
export interface PriceEntry {
  modelId: string;
  input: Picodollars;
  cachedInput: Picodollars;
  output: Picodollars;
  effectiveFrom?: Date;
}

export class PricesFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`The prices file was not applied:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    this.name = 'PricesFileError';
  }
}

// Plain decimals only: no sign, no exponent, no spaces. The sign is checked first for its own message.
const priceText = /^\d+(\.\d+)?$/;
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A prices file's text (JSON: an array of { model, input, cachedInput?, output, effectiveFrom? },
 * prices in US dollars per million tokens as decimal strings), parsed exactly into picodollars per
 * token, never through a JavaScript number. Every problem is reported at once; nothing is returned
 * unless the whole file is valid.
 */
export function parsePricesFile(text: string, knownModelIds: ReadonlySet<string>): PriceEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PricesFileError([`not JSON: ${(error as Error).message}`]);
  }
  if (!Array.isArray(json)) throw new PricesFileError(['expected a JSON array of price entries']);
  const problems: string[] = [];
  const entries: PriceEntry[] = [];
  const seen = new Set<string>();
  json.forEach((raw: unknown, index) => {
    const where = `entry ${index + 1}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push(`${where}: expected an object`);
      return;
    }
    const entry = raw as Record<string, unknown>;
    const problemsBefore = problems.length;
    const unknownFields = Object.keys(entry).filter(
      (key) => !['model', 'input', 'cachedInput', 'output', 'effectiveFrom'].includes(key),
    );
    if (unknownFields.length > 0) problems.push(`${where}: unknown field ${unknownFields.join(', ')}`);
    const model = entry.model;
    if (typeof model !== 'string' || model === '') {
      problems.push(`${where}: "model" must be a model id`);
      return;
    }
    const label = `${where} (${model})`;
    if (!knownModelIds.has(model)) problems.push(`${label}: unknown model`);
    const price = (field: 'input' | 'cachedInput' | 'output'): Picodollars | undefined => {
      const value = entry[field];
      if (value === undefined && field === 'cachedInput') return undefined;
      if (typeof value !== 'string') {
        problems.push(`${label}: "${field}" must be a decimal string of US dollars per million tokens, e.g. "2.50"`);
        return undefined;
      }
      if (value.trim().startsWith('-')) {
        problems.push(`${label}: "${field}" is negative (${value})`);
        return undefined;
      }
      if (!priceText.test(value)) {
        problems.push(`${label}: "${field}" is not a decimal number of dollars (${value})`);
        return undefined;
      }
      try {
        return pricePerTokenOf(value);
      } catch {
        problems.push(
          `${label}: "${field}" has more than 6 decimals (${value}); prices are exact to $0.000001 per million tokens`,
        );
        return undefined;
      }
    };
    const input = price('input');
    const cachedInput = price('cachedInput');
    const output = price('output');
    let effectiveFrom: Date | undefined;
    if (entry.effectiveFrom !== undefined) {
      const value = entry.effectiveFrom;
      const parsed = typeof value === 'string' && isoInstant.test(value) ? new Date(value) : undefined;
      if (!parsed || Number.isNaN(parsed.getTime()))
        problems.push(`${label}: "effectiveFrom" must be an ISO 8601 time with its zone, e.g. "2026-12-01T00:00:00Z"`);
      else effectiveFrom = parsed;
    }
    const key = `${model} ${effectiveFrom?.toISOString() ?? 'now'}`;
    if (seen.has(key)) problems.push(`${label}: listed twice for the same effective time`);
    seen.add(key);
    if (input !== undefined && output !== undefined && problems.length === problemsBefore)
      entries.push({ modelId: model, input, cachedInput: cachedInput ?? input, output, effectiveFrom });
  });
  if (problems.length > 0) throw new PricesFileError(problems);
  return entries;
}
