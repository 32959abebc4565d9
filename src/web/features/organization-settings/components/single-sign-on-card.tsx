import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { selectErrorMessage } from '../../../lib/api-error';
import { Card } from '../../admin/components/card';
import { useRoles } from '../../role-management/hooks/use-roles';
import { useSingleSignOn } from '../hooks/use-single-sign-on';
import { ScimTokensSection } from './scim-tokens-section';
import { SingleSignOnConnection } from './single-sign-on-connection';
import { SingleSignOnDomains } from './single-sign-on-domains';

/**
 * The Organization page's "Single sign-on" card: the identity provider (tested before it is
 * saved), the domains it covers and their DNS proof, enforcement, group mappings and the SCIM
 * tokens of the directory. Each part saves on its own, apart from the page's Edit Settings.
 */
export function SingleSignOnCard() {
  const settings = useSingleSignOn();
  const roles = useRoles();
  return (
    <Card title="Single sign-on" className="mt-4">
      {settings.error ? (
        <div className="space-y-2">
          <p className="text-sm text-red-600 dark:text-red-400">{selectErrorMessage(settings.error)}</p>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : !settings.data || !roles.data ? (
        <Spinner label="Loading single sign-on" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <SingleSignOnConnection
            key={settings.data.connection?.updated_at ?? 'new'}
            settings={settings.data}
            roles={roles.data}
          />
          <div className="space-y-6">
            <SingleSignOnDomains settings={settings.data} />
            <ScimTokensSection baseUrl={settings.data.scim_base_url} />
          </div>
        </div>
      )}
    </Card>
  );
}
