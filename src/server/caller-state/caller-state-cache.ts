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
  /** Counts every forgetting, so a load that overlapped one is not held. */
  let forgettings = 0;

  function forgetOrganisation(orgId: string): void {
    forgettings += 1;
    const held = organisations.get(orgId);
    if (held) {
      entries -= held.size;
      organisations.delete(orgId);
    }
    for (const listener of forgetListeners) listener(orgId);
  }

  function forgetAll(): void {
    forgettings += 1;
    organisations.clear();
    organisationOfGlobalKey.clear();
    entries = 0;
    flushes += 1;
    for (const listener of forgetListeners) listener(undefined);
  }

  function fresh(orgId: string, key: string): Held | undefined {
    const held = organisations.get(orgId)?.get(key);
    if (held && clock() - held.loadedAt <= maxAgeMs) return held;
    return undefined;
  }

  function hold(orgId: string, key: string, value: Promise<unknown>): void {
    let held = organisations.get(orgId);
    if (!held) {
      held = new Map();
      organisations.set(orgId, held);
    }
    if (!held.has(key)) entries += 1;
    held.set(key, { value, loadedAt: clock() });
    while (entries > maxEntries && organisations.size > 1) {
      const oldest = organisations.keys().next().value!;
      if (oldest === orgId) break;
      entries -= organisations.get(oldest)!.size;
      organisations.delete(oldest);
    }
    // A failed load is not held: the next reader asks again.
    value.catch(() => {
      const now = organisations.get(orgId);
      if (now?.get(key)?.value === value) {
        now.delete(key);
        entries -= 1;
      }
    });
  }

  // Readers share one held value: each gets its own copy, so none can change another's.
  const copy = <Value>(value: Promise<unknown>) => value.then((resolved) => structuredClone(resolved) as Value);

  return {
    read<Value>(orgId: string, key: string, load: () => Promise<Value>) {
      if (!live) return load();
      const held = fresh(orgId, key);
      if (held) return copy<Value>(held.value);
      const value = load();
      hold(orgId, key, value);
      return copy<Value>(value);
    },
    async readFound(globalKey, load) {
      if (!live) return (await load())?.value;
      const orgId = organisationOfGlobalKey.get(globalKey);
      const held = orgId === undefined ? undefined : fresh(orgId, globalKey);
      if (held) return copy(held.value);
      const forgettingsBefore = forgettings;
      const found = await load();
      if (!found) return undefined;
      // Held only when nothing was forgotten during the load: the change may be one the load did not see.
      if (live && forgettings === forgettingsBefore) {
        organisationOfGlobalKey.set(globalKey, found.orgId);
        hold(found.orgId, globalKey, Promise.resolve(found.value));
      }
      return structuredClone(found.value);
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
