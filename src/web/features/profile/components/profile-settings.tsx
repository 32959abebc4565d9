import * as Tabs from '@radix-ui/react-tabs';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ChangePasswordForm } from './change-password-form';
import { ProfileInformationForm } from './profile-information-form';
import { TwoFactorSection } from './two-factor-section';

const tabStyle =
  'rounded-md px-4 py-2 text-sm font-medium text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-ink data-[state=active]:bg-brand data-[state=active]:text-on-brand dark:text-slate-300';

export function ProfileSettings() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Profile Settings</h1>
        <Button variant="secondary" onClick={() => void navigate('/chat')}>
          Back
        </Button>
      </div>
      <Tabs.Root defaultValue="profile" className="mt-6">
        <Tabs.List
          aria-label="Profile settings sections"
          className="flex flex-wrap gap-2 border-b border-slate-200 pb-3 dark:border-slate-800"
        >
          <Tabs.Trigger value="profile" className={tabStyle}>
            Profile Information
          </Tabs.Trigger>
          <Tabs.Trigger value="security" className={tabStyle}>
            Security
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile" className="pt-6">
          <ProfileInformationForm />
        </Tabs.Content>
        <Tabs.Content value="security" className="pt-6">
          <div className="space-y-10">
            <ChangePasswordForm />
            <div className="border-t border-slate-200 pt-8 dark:border-slate-800">
              <TwoFactorSection />
            </div>
          </div>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
