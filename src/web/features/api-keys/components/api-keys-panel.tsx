import type { ApiKeyView, CreatedApiKey } from '@contracts';
import { useId, useState, type ReactNode } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useIsNarrowScreen } from '../../../hooks/use-is-narrow-screen';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import type { ApiKeyScope } from '../api/api-keys-api';
import { useApiKeys } from '../hooks/use-api-keys';
import { ApiKeyList } from './api-key-list';
import { BudgetDialog } from './budget-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { NewKeySecretDialog } from './new-key-secret-dialog';

type OpenDialog =
  | { kind: 'budget'; key: ApiKeyView }
  | { kind: 'create' }
  | { kind: 'created'; created: CreatedApiKey }
  | { kind: 'revoke'; key: ApiKeyView }
  | null;

interface ApiKeysPanelProps {
  scope: ApiKeyScope;
  heading: ReactNode;
  createLabel: string;
  emptyText: string;
  /** Present for service keys: the roles one may be bound to. */
  roles?: readonly { id: string; name: string }[];
}

/** A list of keys with Create, the secret shown once, Revoke with confirmation, and revoked keys on request. */
export function ApiKeysPanel({ scope, heading, createLabel, emptyText, roles }: ApiKeysPanelProps) {
  const [includeRevoked, setIncludeRevoked] = useState(false);
  const { keys, create, changeBudget, revoke } = useApiKeys(scope, includeRevoked);
  const banner = useErrorBanner();
  const toast = useToast();
  const narrow = useIsNarrowScreen();
  const revokedToggleId = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  useReportFailure(keys.error, banner.show);
  const close = () => setDialog(null);
  const listed = keys.data ?? [];

  async function confirmRevoke(key: ApiKeyView) {
    try {
      await revoke.mutateAsync(key.id);
      toast.success(`${key.name} was revoked`);
    } catch (error) {
      banner.show(error);
    } finally {
      close();
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">{heading}</div>
        <Button onClick={() => setDialog({ kind: 'create' })}>{createLabel}</Button>
      </div>
      <ErrorBanner banner={banner} />
      <div className="flex items-center gap-2 text-sm">
        <input
          id={revokedToggleId}
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300"
          checked={includeRevoked}
          onChange={(event) => setIncludeRevoked(event.target.checked)}
        />
        <label htmlFor={revokedToggleId} className="text-slate-700 dark:text-slate-300">
          Show revoked keys
        </label>
      </div>
      {keys.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading API keys" />
        </div>
      ) : listed.length === 0 ? (
        <p className="py-8 text-center text-slate-600 dark:text-slate-400">{emptyText}</p>
      ) : (
        <ApiKeyList
          keys={listed}
          showOwners={scope.kind === 'organisation'}
          narrow={narrow}
          onRevoke={(key) => setDialog({ kind: 'revoke', key })}
          onChangeBudget={(key) => setDialog({ kind: 'budget', key })}
        />
      )}
      {dialog?.kind === 'create' ? (
        <CreateApiKeyDialog
          roles={roles}
          onClose={close}
          onCreate={async (request) => {
            const created = await create.mutateAsync(request);
            setDialog({ kind: 'created', created });
          }}
        />
      ) : null}
      {dialog?.kind === 'budget' ? (
        <BudgetDialog
          apiKey={dialog.key}
          onClose={close}
          onSave={async (monthlyBudgetUsd) => {
            await changeBudget.mutateAsync({ keyId: dialog.key.id, monthlyBudgetUsd });
            toast.success(`The budget of ${dialog.key.name} was saved`);
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'created' ? <NewKeySecretDialog created={dialog.created} onClose={close} /> : null}
      {dialog?.kind === 'revoke' ? (
        <ConfirmDialog
          title="Revoke API key?"
          description={`Revoke ${dialog.key.name} (${dialog.key.prefix}…)? Programs using it are refused from their next request. This cannot be undone.`}
          confirmLabel="Revoke key"
          pendingLabel="Revoking..."
          pending={revoke.isPending}
          onConfirm={() => void confirmRevoke(dialog.key)}
          onCancel={close}
        />
      ) : null}
    </div>
  );
}
