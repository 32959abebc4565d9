import type { RouterReplayLine } from '../../src/gateway/routing/learning/router-replay';
import type { NumberedLine } from '../support/streamed-lines';

export const routerReplayLineShape = '{"id": string, "prompt": string, "weak": number 0-1, "strong": number 0-1}';

/**
 * Validates one line of `router:replay` input. Returns undefined for a blank line; throws naming
 * the line otherwise. Fields other than these four are ignored; an id seen before is refused.
 */
export function parseRouterReplayLine(line: NumberedLine, seenIds: Set<string>): RouterReplayLine | undefined {
  if (line.text.trim() === '') return undefined;
  const where = `line ${line.lineNumber}`;
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch (error) {
    throw new Error(`${where}: not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${where}: expected an object ${routerReplayLineShape}`);
  const { id, prompt, weak, strong } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '') throw new Error(`${where}: "id" must be a non-empty string`);
  if (seenIds.has(id)) throw new Error(`${where}: "id" ${JSON.stringify(id)} was already used`);
  if (typeof prompt !== 'string') throw new Error(`${where}: "prompt" must be a string`);
  for (const [name, score] of [
    ['weak', weak],
    ['strong', strong],
  ] as const) {
    if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1)
      throw new Error(`${where}: "${name}" must be a number from 0 to 1`);
  }
  seenIds.add(id);
  return { id, prompt, weak: weak as number, strong: strong as number };
}
