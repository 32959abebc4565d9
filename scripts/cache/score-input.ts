import { parseJsonLines } from '../support/json-lines';

/** One line of `cache:score` input: would the cache answer prompt b with the reply cached for prompt a? */
export interface ScoreRequest {
  id: string;
  a: string;
  b: string;
}

/** Parses and validates the whole input before any work starts; throws naming the first bad line. */
export function parseScoreRequests(text: string, source: string): ScoreRequest[] {
  return parseJsonLines(text, source).map(({ lineNumber, value }) => {
    const problem = describeProblem(value);
    if (problem)
      throw new Error(`${source} line ${lineNumber}: ${problem}; expected {"id": string, "a": string, "b": string}`);
    const { id, a, b } = value as ScoreRequest;
    return { id, a, b };
  });
}

function describeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const record = value as Record<string, unknown>;
  for (const field of ['id', 'a', 'b']) {
    if (!(field in record)) return `"${field}" is missing`;
    if (typeof record[field] !== 'string') return `"${field}" is not a string`;
  }
  return undefined;
}
