type ChangeListener = (event: MediaQueryListEvent) => void;

export interface MatchMediaControl {
  /** Simulates the operating system switching between light and dark. */
  setPrefersDark: (prefersDark: boolean) => void;
}

/** jsdom has no matchMedia; this one answers the dark-scheme query and can change at runtime. */
export function installMatchMedia(initiallyDark: boolean): MatchMediaControl {
  let prefersDark = initiallyDark;
  const listeners = new Set<ChangeListener>();
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query.includes('dark') ? prefersDark : false;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: ChangeListener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: ChangeListener) => listeners.delete(listener),
      addListener: (listener: ChangeListener) => listeners.add(listener),
      removeListener: (listener: ChangeListener) => listeners.delete(listener),
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;
  return {
    setPrefersDark(next) {
      prefersDark = next;
      for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
    },
  };
}
