import type { CallerStateCache } from './caller-state-cache';

/**
 * The cache that serves reads made through a database object. Keyed by the object itself, so the
 * root database of a server reads through its cache while a transaction (another object) always
 * reads the rows as they are, as the administrative changes that lock and check them must.
 */
const caches = new WeakMap<object, CallerStateCache>();

export function serveCallerStateFor(db: object, cache: CallerStateCache): void {
  caches.set(db, cache);
}

/** The caller-state cache of this database object, if reads through it may be held (not in a transaction). */
export function callerStateOf(db: object): CallerStateCache | undefined {
  return caches.get(db);
}

/** Reads `key` of the organisation through the database's cache when it has one, else straight from `load`. */
export function readCallerState<Value>(db: object, orgId: string, key: string, load: () => Promise<Value>) {
  const cache = caches.get(db);
  return cache ? cache.read(orgId, key, load) : load();
}
