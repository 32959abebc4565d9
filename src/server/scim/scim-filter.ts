import { ScimError } from './scim-errors';

/** One comparison of a SCIM filter (RFC 7644 section 3.4.2.2): `userName eq "ada@example.com"`. */
export interface ScimComparison {
  /** The attribute path as written, e.g. 'userName', 'emails.value', 'type'. */
  attribute: string;
  operator: 'eq';
  value: string | number | boolean | null;
}

const comparison = /^\s*([A-Za-z][\w.:$-]*)\s+(eq)\s+("(?:[^"\\]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?)\s*$/i;

/**
 * Reads the filters directories send to find a person or a group before creating it: one
 * attribute, `eq`, one value. Anything else is refused as invalidFilter rather than half-understood.
 */
export function parseScimFilter(filter: string): ScimComparison {
  const match = comparison.exec(filter);
  if (!match)
    throw new ScimError(
      400,
      `Unsupported filter: ${filter.slice(0, 200)} (only 'attribute eq "value"')`,
      'invalidFilter',
    );
  const [, attribute, , raw] = match;
  return { attribute: attribute!, operator: 'eq', value: readValue(raw!) };
}

function readValue(raw: string): ScimComparison['value'] {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      throw new ScimError(400, `Malformed string in filter: ${raw.slice(0, 100)}`, 'invalidFilter');
    }
  }
  const lower = raw.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  if (lower === 'null') return null;
  return Number(raw);
}

/** SCIM attribute names compare case-insensitively, with or without their schema's URN in front. */
export function normaliseAttributePath(path: string, schema: string): string {
  return stripSchemaPrefix(path, schema).toLowerCase();
}

/** The path without its schema's URN in front, in the case it was written (filter values inside keep theirs). */
export function stripSchemaPrefix(path: string, schema: string): string {
  const prefix = `${schema.toLowerCase()}:`;
  return path.toLowerCase().startsWith(prefix) ? path.slice(prefix.length) : path;
}

/** Whether a value equals the filter's: strings case-insensitively (userName, emails and displayName are caseExact false). */
export function matchesValue(actual: unknown, expected: ScimComparison['value']): boolean {
  if (typeof actual === 'string' && typeof expected === 'string')
    return actual.toLowerCase() === expected.toLowerCase();
  return actual === expected;
}
