import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { useRoles } from '../../role-management/hooks/use-roles';
import { ApiKeysPanel } from './api-keys-panel';

const noOrganisationKeysText = 'No API keys in your organization yet.';

/** /admin/api-keys: every key of the organisation, people's and service keys (administrators). */
export function OrganisationApiKeys() {
  const orgId = useOrganisationId();
  const roles = useRoles();
  return (
    <section aria-labelledby="organisation-api-keys-title">
      <ApiKeysPanel
        scope={{ kind: 'organisation', orgId }}
        createLabel="Create service key"
        emptyText={noOrganisationKeysText}
        roles={(roles.data ?? []).map((role) => ({ id: role.id, name: role.name }))}
        heading={
          <>
            <h1 id="organisation-api-keys-title" className="text-2xl font-bold text-slate-900 dark:text-white">
              API Keys
            </h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Every API key of your organization: people's own keys and service keys bound to a role, with this month's
              usage. Revoking a key refuses it from the next request.
            </p>
          </>
        }
      />
    </section>
  );
}
