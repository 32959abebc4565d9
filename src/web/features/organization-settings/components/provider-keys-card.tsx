import { keyedProviders, type KeyedProvider, type ProviderKeyView } from '@contracts';
import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Card } from '../../admin/components/card';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import type { CatalogModelEntry } from '../../role-management/hooks/use-model-catalog';
import { providerNames } from '../../role-management/lib/provider-names';
import { useProviderKeys } from '../hooks/use-provider-keys';
import { useScrollIntoViewWhileSettling } from '../../../hooks/use-scroll-into-view-while-settling';
import { ProviderKeyForm } from './provider-key-form';

/** The element the model pickers' "add a key" links lead to. */
const providerKeysAnchor = 'provider-keys';

function status(
  provider: KeyedProvider,
  own: ProviderKeyView | undefined,
  catalog: readonly CatalogModelEntry[],
): string {
  if (own) {
    const address = own.base_url ? ` at ${own.base_url}` : '';
    return own.key_hint ? `Your key ${own.key_hint}${address}` : `Your server${address}`;
  }
  const models = catalog.filter((model) => model.keyProvider === provider);
  if (models.some((model) => model.reachable)) return "Available through this service's key";
  return models.length > 0 ? `No key: its ${models.length} models cannot be used yet` : 'No key';
}

/**
 * The organisation's own provider keys (organisation admins): which providers its models can be
 * called through, adding or replacing a key, and removing one. Keys are stored encrypted and shown
 * only by their last four characters.
 */
export function ProviderKeysCard({ catalog }: { catalog: readonly CatalogModelEntry[] }) {
  const { keys, save, remove } = useProviderKeys();
  const [editing, setEditing] = useState<KeyedProvider | null>(null);
  const [removing, setRemoving] = useState<KeyedProvider | null>(null);
  const banner = useErrorBanner();
  const toast = useToast();
  const own = new Map((keys.data ?? []).map((key) => [key.provider, key]));
  const { hash } = useLocation();
  const cardRef = useRef<HTMLDivElement>(null);
  // Reached from a model picker's "add a key" link: bring the card into view, and keep it there while the cards above load.
  useScrollIntoViewWhileSettling(cardRef, hash === `#${providerKeysAnchor}`);

  async function confirmRemove(provider: KeyedProvider) {
    try {
      await remove.mutateAsync(provider);
      toast.success(`${providerNames[provider]} key removed`);
    } catch (error) {
      banner.show(error);
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div id={providerKeysAnchor} ref={cardRef} className="mt-4 scroll-mt-20">
      <Card title="Provider Keys">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your own key for a provider is used in place of this service's, and its models are then paid to the provider
          directly rather than from the wallet.
        </p>
        <ErrorBanner banner={banner} />
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Providers">
          {keyedProviders.map((provider) => {
            const name = providerNames[provider];
            const stored = own.get(provider);
            return (
              <li key={provider} className="py-3" aria-label={name}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{name}</p>
                    <p className="text-sm break-all text-slate-600 dark:text-slate-400" data-testid="provider-status">
                      {keys.isPending ? 'Loading...' : status(provider, stored, catalog)}
                    </p>
                  </div>
                  {editing === provider ? null : (
                    <div className="flex gap-2">
                      <Button size="sm" variant="secondary" onClick={() => setEditing(provider)}>
                        {stored ? `Replace ${name} key` : `Add ${name} key`}
                      </Button>
                      {stored ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-700 dark:text-red-400"
                          onClick={() => setRemoving(provider)}
                        >
                          Remove
                        </Button>
                      ) : null}
                    </div>
                  )}
                </div>
                {editing === provider ? (
                  <ProviderKeyForm
                    provider={provider}
                    saving={save.isPending}
                    onFailure={banner.show}
                    onCancel={() => setEditing(null)}
                    onSave={async (key) => {
                      await save.mutateAsync({ provider, key });
                      toast.success(`${name} key saved`);
                      setEditing(null);
                    }}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      </Card>
      {removing ? (
        <ConfirmDialog
          title={`Remove the ${providerNames[removing]} key?`}
          description="Its models go back to this service's key, or cannot be used until a key is added again."
          confirmLabel="Remove key"
          pendingLabel="Removing..."
          pending={remove.isPending}
          onConfirm={() => void confirmRemove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}
