import { Button } from '../../../components/ui/button';
import type { ListedRole } from '../api/roles-api';
import type { CatalogModelEntry } from '../hooks/use-model-catalog';
import { fallbackModelName } from '../lib/model-groups';
import { needsKeyText } from '../lib/provider-names';

/** Spec section 9: a role card shows up to 5 model names. */
const namedModelsPerCard = 5;

interface RoleCardProps {
  role: ListedRole;
  /** The catalog by model id: display names, and what no key reaches yet. */
  models: ReadonlyMap<string, CatalogModelEntry>;
  onEdit: () => void;
  onDelete: () => void;
}

/** A role's card: its enabled models by display name (the id on hover), marking those that need a key first. */
export function RoleCard({ role, models, onEdit, onDelete }: RoleCardProps) {
  const enabled = role.permissions
    .filter((permission) => permission.isEnabled)
    .map((permission) => {
      const model = models.get(permission.model_id);
      return {
        id: permission.model_id,
        name: model?.name ?? fallbackModelName(permission.model_id),
        needsKey: model ? !model.reachable : false,
        keyProvider: model?.keyProvider ?? null,
      };
    });
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
          {shown.map((model) => (
            <li
              key={model.id}
              title={model.needsKey ? `${model.id}: ${needsKeyText(model.keyProvider)}` : model.id}
              className={`rounded px-2 py-0.5 text-xs ${model.needsKey ? 'border border-dashed border-slate-400 text-slate-600 dark:border-slate-500 dark:text-slate-300' : 'bg-brand-soft text-slate-800 dark:text-slate-100'}`}
            >
              {model.name}
              {model.needsKey ? (
                <span className="sr-only">{model.keyProvider ? ' (needs a key)' : ' (not available)'}</span>
              ) : null}
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
