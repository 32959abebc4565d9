import type { Role } from '@contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { ErrorBanner } from '../../admin/components/error-banner';
import { CheckboxField, TextAreaField } from '../../admin/components/form-fields';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import type { CatalogModelEntry } from '../hooks/use-model-catalog';
import { fallbackModelName, modelGroupOf, modelGroups } from '../lib/model-groups';
import {
  draftFromRole,
  draftIsUnlimited,
  newRoleDraft,
  validateRoleDraft,
  type PermissionDraft,
  type RoleDraft,
  type RoleFormProblems,
  type RoleFormValues,
} from '../lib/role-draft';
import { ModelPermissionRow } from './model-permission-row';
import { RoleScopesField } from './role-scopes-field';

interface RoleFormDialogProps {
  /** The role to edit; none for a new role. */
  role?: Role;
  catalog: readonly CatalogModelEntry[];
  /** Whether the signed-in person may change the role's scopes and unlimited use: administrators only. */
  mayEditScopes: boolean;
  onSave: (values: RoleFormValues) => Promise<unknown>;
  onClose: () => void;
}

/** Create or edit a role: name, description and a row per model, grouped as spec section 2 lists them. */
export function RoleFormDialog({ role, catalog, mayEditScopes, onSave, onClose }: RoleFormDialogProps) {
  const [draft, setDraft] = useState<RoleDraft>(() =>
    role ? draftFromRole(role, catalog, mayEditScopes) : newRoleDraft(catalog, mayEditScopes),
  );
  const [problems, setProblems] = useState<RoleFormProblems>({});
  const [saving, setSaving] = useState(false);
  const banner = useErrorBanner();
  const modelsTitleId = useId();
  const unlimited = draftIsUnlimited(draft);
  const entries = draft.permissions.map(
    (row) =>
      catalog.find((model) => model.id === row.model_id) ?? {
        id: row.model_id,
        name: fallbackModelName(row.model_id),
        group: modelGroupOf(row.model_id),
        kind: modelGroupOf(row.model_id) === 'Embedding' ? ('embedding' as const) : ('chat' as const),
        reachable: true,
        keyProvider: null,
      },
  );

  const clearProblem = (path: string) => setProblems(({ [path]: _cleared, ...rest }) => rest);
  const changeRow = (index: number, row: PermissionDraft) => {
    setDraft((current) => ({
      ...current,
      permissions: current.permissions.map((existing, position) => (position === index ? row : existing)),
    }));
    for (const field of ['max_tokens_per_request', 'monthly_token_limit', 'cost_limit'])
      clearProblem(`permissions.${index}.${field}`);
  };
  // Enabling all enables what the organisation can reach; a model that needs a key keeps its state.
  const enableAll = (isEnabled: boolean) =>
    setDraft((current) => ({
      ...current,
      permissions: current.permissions.map((row, index) =>
        isEnabled && !entries[index]!.reachable ? row : { ...row, isEnabled },
      ),
    }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateRoleDraft(draft);
    if (result.problems) {
      setProblems(result.problems);
      return;
    }
    setSaving(true);
    try {
      await onSave(result.values);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setProblems(error.fields);
      banner.show(error);
      setSaving(false);
    }
  }

  const title = role ? 'Edit Role' : 'Create Role';
  return (
    <Dialog title={title} onClose={onClose} panelClassName="max-w-4xl">
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <ErrorBanner banner={banner} />
        <TextField
          label="Role name"
          data-autofocus
          value={draft.name}
          error={problems.name}
          onChange={(event) => {
            setDraft((current) => ({ ...current, name: event.target.value }));
            clearProblem('name');
          }}
        />
        <TextAreaField
          label="Description"
          rows={2}
          value={draft.description}
          error={problems.description}
          onChange={(event) => {
            setDraft((current) => ({ ...current, description: event.target.value }));
            clearProblem('description');
          }}
        />
        <CheckboxField
          label="Shorten replies to fit"
          checked={draft.shorten_replies_to_fit}
          onChange={(checked) => setDraft((current) => ({ ...current, shorten_replies_to_fit: checked }))}
          hint="When a message and its longest reply do not fit what is left of a monthly token or cost limit, answer with a shorter reply instead of refusing the message."
        />
        <RoleScopesField
          scopes={draft.scopes}
          unlimited={draft.unlimited}
          editable={mayEditScopes}
          onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
        />
        <section aria-labelledby={modelsTitleId} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={modelsTitleId} className="text-base font-semibold text-slate-900 dark:text-white">
              Model permissions
            </h3>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => enableAll(true)}>
                Enable all models
              </Button>
              <Button variant="secondary" size="sm" onClick={() => enableAll(false)}>
                Disable all models
              </Button>
            </div>
          </div>
          {unlimited ? (
            <p className="rounded-md bg-brand-soft px-3 py-2 text-sm text-slate-900 dark:text-slate-100">
              This role has unlimited use: no limits on any model it enables.
            </p>
          ) : null}
          {problems.permissions ? (
            <p className="text-sm text-red-600 dark:text-red-400">{problems.permissions}</p>
          ) : null}
          {modelGroups.map((group) => {
            const indexes = entries.flatMap((entry, index) => (entry.group === group ? [index] : []));
            if (indexes.length === 0) return null;
            return (
              <fieldset key={group} className="space-y-2">
                <legend className="text-sm font-semibold text-slate-700 dark:text-slate-200">
                  {group === 'Embedding' ? 'Embedding (API for programs)' : group}
                </legend>
                {group === 'Embedding' ? (
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    Programs call these through /v1/embeddings with an API key; the chat never uses them. Their input
                    tokens count against the monthly token and cost limits.
                  </p>
                ) : null}
                <ul className="space-y-2">
                  {indexes.map((index) => (
                    <ModelPermissionRow
                      key={entries[index]!.id}
                      model={entries[index]!}
                      row={draft.permissions[index]!}
                      index={index}
                      unlimited={unlimited}
                      problems={problems}
                      onChange={(row) => changeRow(index, row)}
                    />
                  ))}
                </ul>
              </fieldset>
            );
          })}
        </section>
        {Object.keys(problems).length > 0 ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            Please correct the highlighted fields.
          </p>
        ) : null}
        <div className="sticky -bottom-5 -mx-5 -mb-5 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-5 py-3 sm:flex-row sm:justify-end dark:border-slate-800 dark:bg-slate-900">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : role ? 'Save Changes' : 'Create Role'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
