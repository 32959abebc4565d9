import type { Logger } from 'pino';

export interface OrganisationCopiesOptions<Stored> {
  /** Reads the organisation's stored state (a fresh one when it has none). */
  read(orgId: string): Promise<Stored>;
  logger: Logger;
  /** Named in the log line of a failed background read ("the organisation's cache learner"). */
  what: string;
  /** A copy older than this is read again in the background, while requests go on using it. Defaults to 30 s. */
  maxAgeMs?: number;
  /** Organisations whose copy is held; the one read longest ago is dropped first. Defaults to 1,000. */
  capacity?: number;
}

/** This instance's copies of a state stored per organisation, each with the version it was written at. */
export interface OrganisationCopies<Stored extends { version: number }> {
  /**
   * The organisation's copy. Only the first use waits for the database (concurrent first uses share
   * one read); after that the copy is answered at once and, once older than the maximum age, read
   * again in the background, replaced if the stored version is newer.
   */
  copyOf(orgId: string): Promise<Stored>;
  /** A state this instance has just written (a label, a reset): its copy at once, unless a newer one is held. */
  keep(orgId: string, stored: Stored): void;
}

interface Held<Stored> {
  stored: Stored;
  readAt: number;
  refreshing?: boolean;
}

/** Per-organisation copies held in memory, as decision 068 holds the organisation routers. */
export function createOrganisationCopies<Stored extends { version: number }>(
  options: OrganisationCopiesOptions<Stored>,
): OrganisationCopies<Stored> {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const capacity = options.capacity ?? 1000;
  const copies = new Map<string, Held<Stored>>();
  const loading = new Map<string, Promise<Held<Stored>>>();

  function keep(orgId: string, stored: Stored): Held<Stored> {
    const held = copies.get(orgId);
    if (held && held.stored.version > stored.version) return held;
    const copy: Held<Stored> = { stored, readAt: Date.now() };
    copies.delete(orgId);
    copies.set(orgId, copy);
    if (copies.size > capacity) copies.delete(copies.keys().next().value!);
    return copy;
  }

  function refreshInBackground(orgId: string, copy: Held<Stored>): void {
    if (copy.refreshing || Date.now() - copy.readAt < maxAgeMs) return;
    copy.refreshing = true;
    options
      .read(orgId)
      .then((stored) => {
        if (stored.version > copy.stored.version) keep(orgId, stored);
        else copy.readAt = Date.now();
      })
      .catch((error: unknown) => options.logger.warn({ err: error, orgId }, `${options.what} could not be read again`))
      .finally(() => {
        copy.refreshing = false;
      });
  }

  return {
    async copyOf(orgId) {
      const held = copies.get(orgId);
      if (held) {
        refreshInBackground(orgId, held);
        return held.stored;
      }
      let pending = loading.get(orgId);
      if (!pending) {
        pending = options
          .read(orgId)
          .then((stored) => keep(orgId, stored))
          .finally(() => loading.delete(orgId));
        loading.set(orgId, pending);
      }
      return (await pending).stored;
    },
    keep: (orgId, stored) => void keep(orgId, stored),
  };
}
