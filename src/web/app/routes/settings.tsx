import { ProfileSettings } from '../../features/profile/components/profile-settings';
export { AppSettingsPage } from '../../features/settings';

export function ProfileSettingsPage() {
  return <ProfileSettings />;
}
