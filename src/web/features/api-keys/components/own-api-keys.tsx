import { Link } from 'react-router';
import { useScopeCheck } from '../../access/hooks/use-scope-access';
import { ApiKeysPanel } from './api-keys-panel';

export const noOwnKeysText = 'You have no API keys yet. Create one to call the API from your programs.';

/** Profile Settings → API Keys: the signed-in person's own keys, which act as them with their role. */
export function OwnApiKeys() {
  const scopeCheck = useScopeCheck();
  const isAdministrator = scopeCheck !== 'loading' && scopeCheck('admin');
  return (
    <section aria-labelledby="own-api-keys-title">
      <ApiKeysPanel
        scope={{ kind: 'own' }}
        createLabel="Create API key"
        emptyText={noOwnKeysText}
        heading={
          <>
            <h2 id="own-api-keys-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              API keys
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Programs written for OpenAI's or Anthropic's SDKs use these keys with the base URL{' '}
              <code className="font-mono">{`${window.location.origin}/v1`}</code>. A key acts as you, with your role's
              models and limits.
              {isAdministrator ? (
                <>
                  {' '}
                  <Link to="/admin/api-keys" className="text-indigo-600 underline dark:text-indigo-400">
                    Every key of your organization
                  </Link>
                </>
              ) : null}
            </p>
          </>
        }
      />
    </section>
  );
}
