import { themePreferences, useTheme, type ThemePreference } from './theme-context';

const labels: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemePreferenceField() {
  const { preference, setPreference } = useTheme();
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Theme</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {themePreferences.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="radio"
              name="theme"
              value={option}
              checked={preference === option}
              onChange={() => setPreference(option)}
              className="h-4 w-4 accent-brand"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
