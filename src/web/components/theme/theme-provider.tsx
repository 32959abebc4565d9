import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  ThemeContext,
  applyResolvedTheme,
  darkSchemeQuery,
  readStoredPreference,
  resolveTheme,
  systemPrefersDark,
  themeStorageKey,
  type ThemePreference,
  type ThemeState,
} from './theme-context';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(readStoredPreference);
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);
  const resolvedTheme = resolveTheme(preference, prefersDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(darkSchemeQuery);
    const onChange = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => applyResolvedTheme(resolvedTheme), [resolvedTheme]);

  const setPreference = useCallback((next: ThemePreference) => {
    localStorage.setItem(themeStorageKey, next);
    setPreferenceState(next);
  }, []);

  const toggleTheme = useCallback(() => {
    setPreference(resolvedTheme === 'dark' ? 'light' : 'dark');
  }, [resolvedTheme, setPreference]);

  const state = useMemo<ThemeState>(
    () => ({ preference, resolvedTheme, setPreference, toggleTheme }),
    [preference, resolvedTheme, setPreference, toggleTheme],
  );
  return <ThemeContext.Provider value={state}>{children}</ThemeContext.Provider>;
}
