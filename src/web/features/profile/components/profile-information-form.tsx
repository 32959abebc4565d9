import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../auth/hooks/use-auth';
import { readLocalProfile, saveLocalProfile, type LocalProfile } from '../api/local-profile';

export const profileSavedMessage = 'Profile updated successfully!';
export const profileFailedMessage = 'Failed to update profile';

type Problems = Partial<Record<keyof LocalProfile, string>>;

function validate(profile: LocalProfile): Problems {
  const problems: Problems = {};
  if (!profile.username.trim()) problems.username = 'Username is required';
  if (!profile.email.trim()) problems.email = 'Email is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(profile.email.trim())) problems.email = 'Please enter a valid email address.';
  if (profile.phone.trim() && !/^[+()\d\s.-]{5,}$/.test(profile.phone.trim())) problems.phone = 'Please enter a valid phone number.';
  return problems;
}

/** Profile Information tab: username, email, first and last name, phone. */
export function ProfileInformationForm() {
  const { user } = useAuth();
  if (!user) return null;
  return <ProfileForm key={user.id} userId={user.id} initial={readLocalProfile(user)} organization={user.org_name} role={user.role} />;
}

function ProfileForm({ userId, initial, organization, role }: { userId: string; initial: LocalProfile; organization: string; role: string }) {
  const toast = useToast();
  const [profile, setProfile] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});

  const field = (name: keyof LocalProfile) => ({
    name,
    value: profile[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) => setProfile((current) => ({ ...current, [name]: event.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(profile);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const trimmed: LocalProfile = {
      username: profile.username.trim(),
      email: profile.email.trim(),
      firstName: profile.firstName.trim(),
      lastName: profile.lastName.trim(),
      phone: profile.phone.trim(),
    };
    try {
      saveLocalProfile(userId, trimmed);
      setProfile(trimmed);
      toast.success(profileSavedMessage);
    } catch {
      toast.error(profileFailedMessage);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="profile-information-title">
      <h2 id="profile-information-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Profile Information
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Username" autoComplete="username" {...field('username')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Organization</dt>
          <dd className="text-slate-900 dark:text-slate-100">{organization}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Role</dt>
          <dd className="text-slate-900 dark:text-slate-100">{role}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-500 dark:text-slate-400">Profile changes are kept in this browser for now; your sign-in name and email do not change.</p>
      <Button type="submit">Save Profile</Button>
    </form>
  );
}
