import { useAuth } from '../../auth/hooks/use-auth';

/** Read-only for now; editing the profile arrives with a later release. */
export function ProfileDetails() {
  const { user } = useAuth();
  if (!user) return null;
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
  const rows: Array<[string, string]> = [
    ['Username', user.username],
    ['Email', user.email],
    ['Name', fullName || 'Not set'],
    ['Organization', user.org_name],
    ['Role', user.role],
  ];
  return (
    <div className="space-y-6">
      <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-4 px-4 py-3 text-sm">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="col-span-2 break-words text-slate-900 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Editing your profile is coming soon — this part of Tokenwise is not available yet.
      </p>
    </div>
  );
}
