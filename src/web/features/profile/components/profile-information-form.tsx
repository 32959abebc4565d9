import type { User } from '@contracts';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../../auth/hooks/use-auth';
import { updateProfile } from '../api/profile-api';

const profileSavedMessage = 'Profile updated successfully!';
const profileFailedMessage = 'Failed to update profile';

interface ProfileDraft {
  username: string;
  firstName: string;
  lastName: string;
  phone: string;
}
type Problems = Partial<Record<keyof ProfileDraft, string>>;

const draftOf = (user: User): ProfileDraft => ({
  username: user.username,
  firstName: user.first_name ?? '',
  lastName: user.last_name ?? '',
  phone: user.phone ?? '',
});

function validate(profile: ProfileDraft): Problems {
  const problems: Problems = {};
  if (!profile.username.trim()) problems.username = 'Username is required';
  if (profile.phone.trim() && !/^[+()\d\s.-]{5,}$/.test(profile.phone.trim()))
    problems.phone = 'Please enter a valid phone number.';
  return problems;
}

/** Profile Information tab: username, first and last name and phone are saved; the e-mail address is shown. */
export function ProfileInformationForm() {
  const { user } = useAuth();
  if (!user) return null;
  return <ProfileForm key={user.id} user={user} />;
}

function ProfileForm({ user }: { user: User }) {
  const toast = useToast();
  const { reloadProfile } = useAuth();
  const [profile, setProfile] = useState(() => draftOf(user));
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);

  const field = (name: keyof ProfileDraft) => ({
    name,
    value: profile[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) =>
      setProfile((current) => ({ ...current, [name]: event.target.value })),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(profile);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await updateProfile({
        username: profile.username.trim(),
        first_name: profile.firstName.trim(),
        last_name: profile.lastName.trim(),
        phone: profile.phone.trim(),
      });
      setProfile(draftOf(saved));
      toast.success(profileSavedMessage);
      await reloadProfile();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setProblems(error.fields as Problems);
      toast.error(profileFailedMessage);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-5"
      aria-labelledby="profile-information-title"
    >
      <h2 id="profile-information-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Profile Information
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Username" autoComplete="username" {...field('username')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          name="email"
          value={user.email}
          readOnly
          hint="Your sign-in and recovery address; it cannot be changed here."
        />
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Organization</dt>
          <dd className="text-slate-900 dark:text-slate-100">{user.org_name}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Role</dt>
          <dd className="text-slate-900 dark:text-slate-100">{user.role}</dd>
        </div>
      </dl>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Save Profile'}
      </Button>
    </form>
  );
}
