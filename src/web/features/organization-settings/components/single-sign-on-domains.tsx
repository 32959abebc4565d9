import type { SingleSignOnSettings } from '@contracts';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { selectErrorMessage } from '../../../lib/api-error';
import { useAddDomain, useRemoveDomain, useVerifyDomain } from '../hooks/use-single-sign-on';

/**
 * The e-mail domains the identity provider signs people in for. Each counts once proven by a DNS
 * TXT record (shown here) or vouched for by the operator; a domain can be one organisation's only.
 */
export function SingleSignOnDomains({ settings }: { settings: SingleSignOnSettings }) {
  const toast = useToast();
  const add = useAddDomain();
  const verify = useVerifyDomain();
  const remove = useRemoveDomain();
  const [domain, setDomain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>, success: string) {
    setProblem(null);
    try {
      await action();
      toast.success(success);
      return true;
    } catch (error) {
      setProblem(selectErrorMessage(error));
      return false;
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!domain.trim()) return setProblem('Domain is required');
    if (await run(() => add.mutateAsync(domain.trim()), `${domain.trim()} added`)) setDomain('');
  }

  return (
    <section aria-labelledby="sso-domains-title" className="space-y-3">
      <h3 id="sso-domains-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Domains
      </h3>
      {settings.domain_verification === 'off' ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          This server's operator vouches for every domain: no DNS record is needed.
        </p>
      ) : null}
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      {settings.domains.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No domains yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {settings.domains.map((entry) => (
            <li key={entry.domain} className="space-y-2 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900 dark:text-slate-100">
                  {entry.domain}{' '}
                  <span
                    className={`ml-1 rounded px-1.5 py-0.5 text-xs ${entry.verified ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200'}`}
                  >
                    {entry.verified ? 'Verified' : 'Not verified'}
                  </span>
                </span>
                <span className="flex gap-2">
                  {entry.verified ? null : (
                    <Button
                      variant="secondary"
                      disabled={verify.isPending}
                      onClick={() => void run(() => verify.mutateAsync(entry.domain), `${entry.domain} verified`)}
                    >
                      Verify {entry.domain}
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${entry.domain}`}
                    onClick={() => void run(() => remove.mutateAsync(entry.domain), `${entry.domain} removed`)}
                  >
                    Remove
                  </Button>
                </span>
              </div>
              {entry.verified ? null : (
                <div className="rounded bg-slate-50 p-2 text-xs dark:bg-slate-800/60">
                  <p className="text-slate-600 dark:text-slate-300">Add this DNS record, then verify:</p>
                  <dl className="mt-1 grid gap-1 sm:grid-cols-[auto_1fr]">
                    <dt className="text-slate-500">Type</dt>
                    <dd className="font-mono">TXT</dd>
                    <dt className="text-slate-500">Name</dt>
                    <dd className="font-mono break-all">{entry.record_name}</dd>
                    <dt className="text-slate-500">Value</dt>
                    <dd className="font-mono break-all">{entry.record_value}</dd>
                  </dl>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2">
        <TextField
          label="Add a domain"
          placeholder="example.com"
          className="min-w-0 flex-1"
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
        />
        <Button type="submit" disabled={add.isPending}>
          Add domain
        </Button>
      </form>
    </section>
  );
}
