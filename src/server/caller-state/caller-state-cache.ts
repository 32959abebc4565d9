/** How long a held value may serve at most, even with no change announced: the safety net if a notification is lost. */
const callerStateMaxAgeMs = 30_000;

export interface CallerStateCacheOptions {
  maxAgeMs?: number;
  /** Past this many values the least recently loaded organisation is forgotten. */
  maxEntries?: number;
  clock?: () => number;
}

/**
 * What a request needs to know about its caller and their organisation (settings, role grants,
 * routing policy and calibration, API keys), held in memory per organisation and forgotten as soon
 * as any of it changes, on every instance (docs/decisions/066). It serves only while the listener
 * for changes is live: before it first listens and after it lost its connection, every read goes to
 * the database, and whatever was held is forgotten, since changes may have gone unannounced.
 */
export interface CallerStateCache {
  /** The organisation's value under `key`: held while fresh, else loaded (one load shared by concurrent readers). */
  read<Value>(orgId: string, key: string, load: () => Promise<Value>): Promise<Value>;
  /**
   * A value found by a key that is not an organisation's (an API key's prefix): `load` names the
   * organisation it belongs to, so the value is forgotten with that organisation. Nothing is held
   * for a key that finds nothing.
   */
  readFound<Value>(
    globalKey: string,
    load: () => Promise<{ orgId: string; value: Value } | undefined>,
  ): Promise<Value | undefined>;
  /** A change of the organisation was announced. */
  forgetOrganisation(orgId: string): void;
  /** The listener is live (again): start holding, from nothing. */
  listening(): void;
  /** The listener lost its connection: forget everything and read through until it listens again. */
  deaf(): void;
  /** Called with the organisation (undefined: all of them) whenever something is forgotten. */
  onForget(listener: (orgId: string | undefined) => void): void;
  status(): { listening: boolean; organisations: number; entries: number; flushes: number };
}

interface Held {
  value: Promise<unknown>;
  loadedAt: number;
  /** The forgetting count when its load began: it serves only if its organisation was not forgotten since. */
  generation: number;
}

export function createCallerStateCache(options: CallerStateCacheOptions = {}): CallerStateCache {
  const maxAgeMs = options.maxAgeMs ?? callerStateMaxAgeMs;
  const maxEntries = options.maxEntries ?? 50_000;
  const clock = options.clock ?? Date.now;
  const organisations = new Map<string, Map<string, Held>>();
  const organisationOfGlobalKey = new Map<string, string>();
  const forgetListeners: ((orgId: string | undefined) => void)[] = [];
  let live = false;
  let entries = 0;
  let flushes = 0;
  /** The generation: counts every forgetting. A load that began before its organisation's last forgetting is never held. */
  let generation = 0;
  /** The generation at which each organisation was last forgotten (and everything, for all of them). */
  const forgottenAt = new Map<string, number>();
  let allForgottenAt = 0;
  /** Loads under way: with none, no load can be overtaken, so the forgetting marks are cleared (memory stays bounded). */
  let loading = 0;
  const loaded = () => {
    loading -= 1;
    if (loading === 0) forgottenAt.clear();
  };

  const forgottenSince = (orgId: string, began: number) =>
    allForgottenAt > began || (forgottenAt.get(orgId) ?? 0) > began;

  function forgetOrganisation(orgId: string): void {
    generation += 1;
    forgottenAt.set(orgId, generation);
    const held = organisations.get(orgId);
    if (held) {
      entries -= held.size;
      organisations.delete(orgId);
    }
    for (const listener of forgetListeners) listener(orgId);
  }

  function forgetAll(): void {
    generation += 1;
    allForgottenAt = generation;
    forgottenAt.clear();
    organisations.clear();
    organisationOfGlobalKey.clear();
    entries = 0;
    flushes += 1;
    for (const listener of forgetListeners) listener(undefined);
  }

  function fresh(orgId: string, key: string): Held | undefined {
    const held = organisations.get(orgId)?.get(key);
    if (held && clock() - held.loadedAt <= maxAgeMs && !forgottenSince(orgId, held.generation)) return held;
    return undefined;
  }

  function drop(orgId: string, key: string, value: Promise<unknown>): void {
    const now = organisations.get(orgId);
    if (now?.get(key)?.value === value) {
      now.delete(key);
      entries -= 1;
    }
  }

  function hold(orgId: string, key: string, value: Promise<unknown>, began: number): void {
    if (!live || forgottenSince(orgId, began)) return;
    let held = organisations.get(orgId);
    if (!held) {
      held = new Map();
      organisations.set(orgId, held);
    }
    if (!held.has(key)) entries += 1;
    held.set(key, { value, loadedAt: clock(), generation: began });
    while (entries > maxEntries && organisations.size > 1) {
      const oldest = organisations.keys().next().value!;
      if (oldest === orgId) break;
      entries -= organisations.get(oldest)!.size;
      organisations.delete(oldest);
    }
    value.then(
      // A load overtaken by a forgetting read rows that may have changed since: not kept.
      () => {
        if (forgottenSince(orgId, began)) drop(orgId, key, value);
      },
      // A failed load is not held: the next reader asks again.
      () => drop(orgId, key, value),
    );
  }

  // Readers share one held value: each gets its own copy, so none can change another's.
  const copy = <Value>(value: Promise<unknown>) => value.then((resolved) => structuredClone(resolved) as Value);

  return {
    read<Value>(orgId: string, key: string, load: () => Promise<Value>) {
      if (!live) return load();
      const held = fresh(orgId, key);
      if (held) return copy<Value>(held.value);
      const began = generation;
      loading += 1;
      let value: Promise<Value>;
      try {
        value = load();
      } catch (error) {
        loaded();
        throw error;
      }
      hold(orgId, key, value, began);
      // After hold's own check of the settled load, which needs the forgetting marks.
      value.then(loaded, loaded);
      return copy<Value>(value);
    },
    async readFound(globalKey, load) {
      if (!live) return (await load())?.value;
      const orgId = organisationOfGlobalKey.get(globalKey);
      const held = orgId === undefined ? undefined : fresh(orgId, globalKey);
      if (held) return copy(held.value);
      const began = generation;
      loading += 1;
      try {
        const found = await load();
        if (!found) return undefined;
        // Held only when its organisation was not forgotten during the load: the change may be one the load did not see.
        if (live && !forgottenSince(found.orgId, began)) {
          organisationOfGlobalKey.set(globalKey, found.orgId);
          hold(found.orgId, globalKey, Promise.resolve(found.value), began);
        }
        return structuredClone(found.value);
      } finally {
        loaded();
      }
    },
    forgetOrganisation,
    listening() {
      forgetAll();
      live = true;
    },
    deaf() {
      live = false;
      forgetAll();
    },
    onForget(listener) {
      forgetListeners.push(listener);
    },
    status: () => ({ listening: live, organisations: organisations.size, entries, flushes }),
  };
}
