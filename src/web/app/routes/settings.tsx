import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { ThemePreferenceField } from '../../components/theme/theme-preference-field';
import { ProfileSettings } from '../../features/profile/components/profile-settings';

export function ProfileSettingsPage() {
  return <ProfileSettings />;
}

export function AppSettingsPage() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">App Settings</h1>
        <Button variant="secondary" onClick={() => void navigate('/chat')}>
          Back
        </Button>
      </div>
      <section aria-labelledby="appearance-title" className="mt-8">
        <h2 id="appearance-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Appearance
        </h2>
        <ThemePreferenceField />
      </section>
      <p className="mt-10 text-slate-600 dark:text-slate-400">
        Message, AI model and privacy settings are coming soon — this part of Tokenwise is not available yet.
      </p>
    </div>
  );
}
