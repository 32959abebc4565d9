import type { SingleSignOnSettings, TestSingleSignOnResponse } from '@contracts';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, selectErrorMessage } from '../../../lib/api-error';
import { CheckboxField, SelectField } from '../../admin/components/form-fields';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { testSingleSignOn } from '../api/single-sign-on-api';
import { useRemoveSingleSignOn, useSaveSingleSignOn } from '../hooks/use-single-sign-on';
import { singleSignOnDraftOf, validateSingleSignOnDraft, type SingleSignOnDraft } from '../lib/single-sign-on-draft';
import { GroupMappingFields, type RoleOption } from './group-mapping-fields';

const checkNames: Record<TestSingleSignOnResponse['checks'][number]['name'], string> = {
  issuer: 'Issuer URL',
  discovery: 'Discovery document',
  keys: 'Signing keys',
  client: 'Client ID and secret',
};

/** The identity provider: where it is, who we are to it, who it lets in and as what. */
export function SingleSignOnConnection({ settings, roles }: { settings: SingleSignOnSettings; roles: RoleOption[] }) {
  const orgId = useOrganisationId();
  const toast = useToast();
  const save = useSaveSingleSignOn();
  const remove = useRemoveSingleSignOn();
  const memberRoleId = roles.find((role) => role.name === 'Member')?.id ?? roles[0]?.id ?? '';
  const [draft, setDraft] = useState<SingleSignOnDraft>(() => singleSignOnDraftOf(settings.connection, memberRoleId));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<TestSingleSignOnResponse | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const stored = settings.connection;
  const hasVerifiedDomain = settings.domains.some((domain) => domain.verified);

  const change = <Field extends keyof SingleSignOnDraft>(field: Field, value: SingleSignOnDraft[Field]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setTested(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { request, problems: found } = validateSingleSignOnDraft(draft);
    if (!stored && !draft.clientSecret) found.client_secret = 'Client secret is required';
    setProblems(found);
    setFailure(null);
    if (!request || Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(request);
      setDraft((current) => ({ ...current, clientSecret: '' }));
      toast.success('Single sign-on saved');
    } catch (error) {
      if (error instanceof ApiError && error.fields) setProblems(error.fields);
      setFailure(selectErrorMessage(error));
    }
  }

  async function runTest() {
    setTesting(true);
    setFailure(null);
    try {
      setTested(
        await testSingleSignOn(orgId, {
          issuer: draft.issuer.trim(),
          client_id: draft.clientId.trim(),
          ...(draft.clientSecret ? { client_secret: draft.clientSecret } : {}),
        }),
      );
    } catch (error) {
      setTested(null);
      if (error instanceof ApiError && error.fields) setProblems(error.fields);
      setFailure(selectErrorMessage(error));
    } finally {
      setTesting(false);
    }
  }

  async function removeConnection() {
    setConfirmingRemoval(false);
    try {
      await remove.mutateAsync();
      setDraft(singleSignOnDraftOf(null, memberRoleId));
      toast.success('Single sign-on removed');
    } catch (error) {
      setFailure(selectErrorMessage(error));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" aria-label="Identity provider">
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <div className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
        <p className="text-slate-600 dark:text-slate-300">Register this redirect URI at your identity provider:</p>
        <code className="mt-1 block break-all font-mono text-slate-900 dark:text-slate-100">
          {settings.redirect_uri}
        </code>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Issuer URL"
          placeholder="https://login.example.com"
          value={draft.issuer}
          error={problems.issuer}
          hint="Its discovery document is read from /.well-known/openid-configuration."
          onChange={(event) => change('issuer', event.target.value)}
        />
        <TextField
          label="Client ID"
          value={draft.clientId}
          error={problems.client_id}
          onChange={(event) => change('clientId', event.target.value)}
        />
        <PasswordField
          label="Client secret"
          autoComplete="off"
          value={draft.clientSecret}
          error={problems.client_secret}
          hint={stored ? `Stored (${stored.client_secret_hint}). Leave empty to keep it.` : 'Stored encrypted.'}
          onChange={(event) => change('clientSecret', event.target.value)}
        />
        <TextField
          label="Single sign-on name"
          placeholder="acme"
          value={draft.slug}
          error={problems.slug}
          hint="People can type it at sign-in instead of their e-mail address."
          onChange={(event) => change('slug', event.target.value)}
        />
        <SelectField
          label="Role for new people"
          value={draft.defaultRoleId}
          error={problems.default_role_id}
          onChange={(event) => change('defaultRoleId', event.target.value)}
        >
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Group claim"
          placeholder="groups"
          value={draft.groupsClaim}
          error={problems.groups_claim}
          hint="The claim listing a person's groups; their role follows the mappings below at each sign-in."
          onChange={(event) => change('groupsClaim', event.target.value)}
        />
      </div>
      <GroupMappingFields
        mappings={draft.mappings}
        roles={roles}
        problems={problems}
        onChange={(mappings) => change('mappings', mappings)}
      />
      <CheckboxField label="Single sign-on is on" checked={draft.enabled} onChange={(on) => change('enabled', on)} />
      <CheckboxField
        label="Enforce single sign-on"
        checked={draft.enforced}
        onChange={(on) => change('enforced', on)}
        hint={
          hasVerifiedDomain
            ? 'People at the verified domains sign in only through the identity provider: no passwords, resets or invitations. Administrators keep their password for emergencies; each such sign-in is audited.'
            : 'Verify a domain first.'
        }
      />
      {problems.enforced ? <FormAlert tone="error">{problems.enforced}</FormAlert> : null}
      {tested ? (
        <div aria-live="polite">
          <FormAlert tone={tested.ok ? 'success' : 'error'}>
            <p className="font-medium">{tested.ok ? 'The connection works.' : 'The connection does not work yet.'}</p>
            <ul className="mt-1 list-disc pl-5">
              {tested.checks.map((check) => (
                <li key={check.name}>
                  {checkNames[check.name]}: {check.ok ? 'OK' : 'failed'} — {check.detail}
                </li>
              ))}
            </ul>
          </FormAlert>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={testing} onClick={() => void runTest()}>
          {testing ? 'Testing...' : 'Test connection'}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save single sign-on'}
        </Button>
        {stored ? (
          <Button variant="danger" disabled={remove.isPending} onClick={() => setConfirmingRemoval(true)}>
            Remove
          </Button>
        ) : null}
      </div>
      {confirmingRemoval ? (
        <ConfirmDialog
          title="Remove single sign-on?"
          description="Nobody can sign in through the identity provider any more; people with a password use it again. The domains and the SCIM tokens stay."
          confirmLabel="Remove single sign-on"
          onConfirm={() => void removeConnection()}
          onCancel={() => setConfirmingRemoval(false)}
        />
      ) : null}
    </form>
  );
}
