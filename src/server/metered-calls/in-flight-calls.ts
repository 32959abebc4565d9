/** Model calls (and the replies built on them) still streaming or being recorded, so shutdown can wait for them before closing the database. */
export interface InFlightCalls {
  track<Result>(work: Promise<Result>): Promise<Result>;
  /** Resolves once every tracked piece of work has finished (successfully or not). */
  settled(): Promise<void>;
}

export function createInFlightCalls(): InFlightCalls {
  const running = new Set<Promise<unknown>>();
  return {
    track(work) {
      const settledWork = work.then(
        () => undefined,
        () => undefined,
      );
      running.add(settledWork);
      void settledWork.then(() => running.delete(settledWork));
      return work;
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
