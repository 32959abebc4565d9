import type { CreatedApiKey } from '@contracts';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** The new key's secret, shown this once, with a copy button; it cannot be shown again after closing. */
export function NewKeySecretDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      toast.success('API key copied');
    } catch {
      toast.error('Copying failed: select the key and copy it by hand.');
    }
  }
  return (
    <Dialog
      title="Copy your new API key"
      description="This is the only time the key is shown. Store it somewhere safe, such as a secrets manager; if you lose it, revoke it and create another."
      onClose={onClose}
      panelClassName="max-w-lg"
    >
      <div className="mt-4 space-y-4">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{created.key.name}</p>
        <output
          aria-label="Your new API key"
          data-testid="new-api-key"
          className="block rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-sm break-all select-all dark:border-slate-700 dark:bg-slate-950"
        >
          {created.secret}
        </output>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
          <Button onClick={() => void copy()} data-autofocus>
            {copied ? 'Copied' : 'Copy key'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
