import type { Preferences } from '@contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTheme, type ThemePreference } from '../../../components/theme/theme-context';
import { mustSetUpTwoFactor, useAuth } from '../../auth/hooks/use-auth';
import { preferencesApi, preferencesQueryKey } from '../api/preferences-api';
import { applyFontSize } from '../lib/font-size';

interface Synced {
  userId: string;
  /** The theme the server last told us. */
  server: ThemePreference;
  /** The theme shown when we last looked. */
  shown: ThemePreference;
}

/**
 * Keeps the page's theme and font size with the signed-in person's saved preferences: what the
 * server holds is applied when it arrives (a new browser shows the saved theme, not the system's),
 * and a theme toggled here afterwards is saved there, so the next browser sees it too.
 */
export function PreferencesEffect() {
  const { user } = useAuth();
  const userId = user && !mustSetUpTwoFactor(user) ? user.id : '';
  const { preference, setPreference } = useTheme();
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: preferencesQueryKey(userId),
    queryFn: () => preferencesApi.get(userId),
    enabled: userId !== '',
  }).data;
  const synced = useRef<Synced | null>(null);

  useEffect(() => {
    if (!userId || !saved) return;
    const last = synced.current;
    if (last?.userId !== userId || saved.theme !== last.server) {
      synced.current = { userId, server: saved.theme, shown: saved.theme };
      if (preference !== saved.theme) setPreference(saved.theme);
      applyFontSize(saved.font_size);
      return;
    }
    if (preference === last.shown) return;
    synced.current = { ...last, shown: preference };
    if (preference === saved.theme) return;
    // A failed save keeps the local choice; the next toggle or the settings page tries again.
    preferencesApi
      .update(userId, { theme: preference })
      .then((answer: Preferences) => queryClient.setQueryData(preferencesQueryKey(userId), answer))
      .catch(() => {});
  }, [userId, saved, preference, setPreference, queryClient]);

  return null;
}
