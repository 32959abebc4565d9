import { Button } from '../../../components/ui/button';
import type { ListedRole } from '../api/roles-api';
import { fallbackModelName } from '../lib/model-groups';

/** Spec section 9: a role card shows up to 5 model names. */
export const namedModelsPerCard = 5;

interface RoleCardProps {
  role: ListedRole;
  modelNames: ReadonlyMap<string, string>;
  onEdit: () => void;
  onDelete: () => void;
}

export function RoleCard({ role, modelNames, onEdit, onDelete }: RoleCardProps) {
  const enabled = role.permissions
    .filter((permission) => permission.isEnabled)
    .map((permission) => modelNames.get(permission.model_id) ?? fallbackModelName(permission.model_id));
  const shown = enabled.slice(0, namedModelsPerCard);
  const more = enabled.length - shown.length;
  return (
    <li
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      aria-labelledby={`role-${role.id}`}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={`role-${role.id}`} className="text-base font-semibold break-words text-slate-900 dark:text-white">
          {role.name}
        </h2>
        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {role.user_count} {role.user_count === 1 ? 'user' : 'users'}
        </span>
      </div>
      {role.description ? (
        <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">{role.description}</p>
      ) : null}
      <p className="mt-3 text-sm font-medium text-slate-700 dark:text-slate-200">
        {enabled.length} {enabled.length === 1 ? 'model' : 'models'} enabled
      </p>
      {shown.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1" aria-label={`Models enabled for ${role.name}`}>
          {shown.map((name) => (
            <li key={name} className="rounded bg-brand-soft px-2 py-0.5 text-xs text-slate-800 dark:text-slate-100">
              {name}
            </li>
          ))}
          {more > 0 ? <li className="px-1 py-0.5 text-xs text-slate-600 dark:text-slate-400">+{more} more</li> : null}
        </ul>
      ) : null}
      <div className="mt-auto flex gap-2 pt-4">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit role ${role.name}`}>
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 dark:text-red-400"
          onClick={onDelete}
          aria-label={`Delete role ${role.name}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
