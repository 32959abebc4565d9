/** Something expensive created on first use and shared by every caller until closed. */
export interface SharedResource<T> {
  /** Creates the resource on the first call; concurrent first calls share that one creation. */
  get(): Promise<T>;
  /** Disposes the resource (waiting for a creation in progress); later `get` calls reject. */
  close(): Promise<void>;
}

/**
 * Lazily creates one shared resource. A failed creation is not cached, so a later call tries
 * again (e.g. after the model file was fixed).
 */
export function createSharedResource<T>(
  create: () => Promise<T>,
  dispose: (resource: T) => Promise<void>,
): SharedResource<T> {
  let creation: Promise<T> | undefined;
  let closing: Promise<void> | undefined;

  function get(): Promise<T> {
    if (closing) return Promise.reject(new Error('The resource was closed'));
    creation ??= create().catch((error: unknown) => {
      creation = undefined;
      throw error;
    });
    return creation;
  }

  function close(): Promise<void> {
    closing ??= (async () => {
      const resource = await creation?.catch(() => undefined);
      creation = undefined;
      if (resource !== undefined) await dispose(resource);
    })();
    return closing;
  }

  return { get, close };
}
