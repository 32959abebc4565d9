import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { selectErrorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../admin/lib/format';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../hooks/use-single-sign-on';

/** SCIM provisioning: the base URL for the directory and its bearer tokens (each shown once). */
export function ScimTokensSection({ baseUrl }: { baseUrl: string }) {
  const toast = useToast();
  const tokens = useScimTokens();
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return setProblem('Token name is required');
    setProblem(null);
    try {
      const answer = await create.mutateAsync(name.trim());
      setCreated(answer.token);
      setName('');
    } catch (error) {
      setProblem(selectErrorMessage(error));
    }
  }

  async function revokeToken(tokenId: string, tokenName: string) {
    setProblem(null);
    try {
      await revoke.mutateAsync(tokenId);
      toast.success(`${tokenName} revoked`);
    } catch (error) {
      setProblem(selectErrorMessage(error));
    }
  }

  return (
    <section aria-labelledby="scim-title" className="space-y-3">
      <h3 id="scim-title" className="text-base font-semibold text-slate-900 dark:text-white">
        SCIM provisioning
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Give your directory this base URL and a token: it creates, updates and deactivates people and groups here.
      </p>
      <code className="block break-all rounded bg-slate-50 p-2 font-mono text-sm dark:bg-slate-800/60">{baseUrl}</code>
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      {created ? (
        <FormAlert tone="success">
          <p className="font-medium">Copy this token now: it is not shown again.</p>
          <code className="mt-1 block break-all font-mono" data-testid="new-scim-token">
            {created}
          </code>
        </FormAlert>
      ) : null}
      {(tokens.data?.tokens ?? []).length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No SCIM tokens.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
          {tokens.data?.tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <span className="font-medium text-slate-900 dark:text-slate-100">{token.name}</span>{' '}
                <span className="font-mono text-slate-500">{token.token_hint}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  Created by {token.created_by} on {formatDateTime(token.created_at)}
                  {token.last_used_at ? `, last used ${formatDateTime(token.last_used_at)}` : ', never used'}
                </span>
              </span>
              <Button
                variant="ghost"
                aria-label={`Revoke ${token.name}`}
                onClick={() => void revokeToken(token.id, token.name)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2">
        <TextField
          label="New token name"
          placeholder="Okta"
          className="min-w-0 flex-1"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={create.isPending}>
          Create token
        </Button>
      </form>
    </section>
  );
}
