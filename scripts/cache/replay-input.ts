import type { CacheReplayLine } from '../../src/gateway/cache/learning/cache-replay';
import type { NumberedLine } from '../support/streamed-lines';

export const cacheReplayLineShape = '{"id": string, "a": string, "b": string, "same": boolean}';

/**
 * Validates one line of `cache:replay` input. Returns undefined for a blank line; throws naming
 * the line otherwise. Fields other than these four are ignored; an id seen before is refused.
 */
export function parseCacheReplayLine(line: NumberedLine, seenIds: Set<string>): CacheReplayLine | undefined {
  if (line.text.trim() === '') return undefined;
  const where = `line ${line.lineNumber}`;
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch (error) {
    throw new Error(`${where}: not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${where}: expected an object ${cacheReplayLineShape}`);
  const { id, a, b, same } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '') throw new Error(`${where}: "id" must be a non-empty string`);
  if (seenIds.has(id)) throw new Error(`${where}: "id" ${JSON.stringify(id)} was already used`);
  if (typeof a !== 'string') throw new Error(`${where}: "a" must be a string`);
  if (typeof b !== 'string') throw new Error(`${where}: "b" must be a string`);
  if (typeof same !== 'boolean') throw new Error(`${where}: "same" must be true or false`);
  seenIds.add(id);
  return { id, a, b, same };
}
