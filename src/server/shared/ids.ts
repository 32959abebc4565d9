const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are checked before they reach SQL, so a malformed id is a plain 404, not a 500. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
