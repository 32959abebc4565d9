import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import { useAuth } from '../../auth/hooks/use-auth';
import { useModelCatalog } from '../../role-management/hooks/use-model-catalog';
import { useOrganization, useOrganizationSettings, useOrganizationUsage } from '../hooks/use-organization-data';
import { useRoutingPolicy, useRoutingPolicyAccess, useSaveRoutingPolicy } from '../hooks/use-routing-policy';
import { useSaveOrganization } from '../hooks/use-save-organization';
import { problemsFromServer, type FormProblems } from '../lib/form-problems';
import { organizationDraftOf, validateOrganizationDraft, type OrganizationDraft } from '../lib/organization-draft';
import { zeroUsage } from '../lib/organization-usage';
import {
  routingChanges,
  routingDraftOf,
  routingProblemKey,
  routingProblemsFromServer,
  validateRoutingDraft,
  type RoutingDraft,
} from '../lib/routing-draft';
import { settingsDraftOf, settingsFieldPath, validateSettingsDraft, type SettingsDraft } from '../lib/settings-draft';
import { AuditLogCard } from './audit-log-card';
import { OrganizationDetailsCard } from './organization-details-card';
import { ProviderKeysCard } from './provider-keys-card';
import { AccountInformationCard, TeamOverviewCard, UsageSummaryCard } from './overview-cards';
import { RoutingCacheCard } from './routing-cache-card';
import { usePlanFeature } from '../../billing/hooks/use-plan-feature';
import { SettingsCards } from './settings-cards';

const settingsFromDefaultsNote = 'The saved settings could not be loaded, so the defaults are shown.';
const requireTwoFactorWarning =
  'You have not set up two-factor authentication yourself. Once this is saved you will be taken to set it up before you can do anything else, so have an authenticator app at hand. Everyone else without it is asked to set it up at their next step.';

interface SavePlan {
  organization?: NonNullable<ReturnType<typeof validateOrganizationDraft>['values']>;
  settings: NonNullable<ReturnType<typeof validateSettingsDraft>['values']>;
  routing?: ReturnType<typeof routingChanges>;
  thenSetUpTwoFactor: boolean;
}

interface Drafts {
  organization: OrganizationDraft;
  settings: SettingsDraft;
  /** Only for those who may change the routing policy, once it has loaded. */
  routing?: RoutingDraft;
}

/** /admin/organization: view and edit modes, the four cards, the settings and the audit log (spec section 2). */
export function OrganizationSettings() {
  const organization = useOrganization();
  const settings = useOrganizationSettings();
  const usage = useOrganizationUsage();
  const models = useModelCatalog();
  // The chat's models: embedding models are for roles to grant programs, never a default or a routing choice.
  const catalog = useMemo(() => models.catalog.filter((model) => model.kind === 'chat'), [models.catalog]);
  const save = useSaveOrganization();
  const routingAccess = useRoutingPolicyAccess();
  const customRouting = usePlanFeature('custom_routing');
  const routingPolicy = useRoutingPolicy(routingAccess.mayManage);
  const saveRouting = useSaveRoutingPolicy();
  const banner = useErrorBanner();
  const toast = useToast();
  const { user, requireTwoFactorSetup } = useAuth();
  const [drafts, setDrafts] = useState<Drafts | null>(null);
  // A save that turns on "require 2FA" for an admin without it waits for their confirmation.
  const [saveAwaitingConfirmation, setSaveAwaitingConfirmation] = useState<(() => Promise<void>) | null>(null);
  const [problems, setProblems] = useState<FormProblems>({});
  const pageRef = useRef<HTMLFormElement>(null);
  const editing = drafts !== null;
  useReportFailure(organization.error, banner.show);

  useEffect(() => {
    const target = editing ? '[data-autofocus]' : '[data-edit-button]';
    pageRef.current?.querySelector<HTMLElement>(target)?.focus();
  }, [editing]);

  if (organization.isPending || !settings.data) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading the organization" />
      </div>
    );
  }
  if (!organization.data) {
    return (
      <section>
        <ErrorBanner banner={banner} />
        <p className="py-8 text-center text-slate-600 dark:text-slate-400">The organization could not be loaded.</p>
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void organization.refetch()}>
            Try again
          </Button>
        </div>
      </section>
    );
  }

  const current = organization.data;
  const savedSettings = settings.data.settings;
  const savedRouting = routingAccess.mayManage ? routingPolicy.data?.policy : undefined;
  const clearProblem = (field: string) => setProblems(({ [field]: _cleared, ...rest }) => rest);

  const refused = (error: unknown, problemsOf: (fields: Record<string, string>) => FormProblems) => {
    if (error instanceof ApiError && error.fields) setProblems(problemsOf(error.fields));
    banner.show(error);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!drafts) return;
    const details = validateOrganizationDraft(drafts.organization);
    const wanted = validateSettingsDraft(drafts.settings);
    const routing = drafts.routing && savedRouting ? validateRoutingDraft(drafts.routing, savedRouting) : undefined;
    const found = { ...details.problems, ...wanted.problems, ...routing?.problems };
    setProblems(found);
    if (!details.values || !wanted.values || (routing && !routing.values)) return;
    const detailsChanged = JSON.stringify(drafts.organization) !== JSON.stringify(organizationDraftOf(current));
    const plan: SavePlan = {
      organization: detailsChanged ? details.values : undefined,
      settings: wanted.values,
      routing: routing?.values && savedRouting ? routingChanges(savedRouting, routing.values) : undefined,
      // Turning on "require 2FA" without having it holds the admin at its setup from the next request.
      thenSetUpTwoFactor:
        wanted.values.security.require_2fa && !savedSettings.security.require_2fa && user?.two_factor_enabled !== true,
    };
    if (plan.thenSetUpTwoFactor) return setSaveAwaitingConfirmation(() => () => saveAll(plan));
    await saveAll(plan);
  }

  async function saveAll(plan: SavePlan) {
    try {
      await save.mutateAsync({ organization: plan.organization, savedSettings, settings: plan.settings });
    } catch (error) {
      return refused(error, problemsFromServer);
    }
    // Its own call, after the others: a refusal names the routing fields, not the settings'.
    if (plan.routing) {
      try {
        await saveRouting.mutateAsync(plan.routing);
      } catch (error) {
        return refused(error, routingProblemsFromServer);
      }
    }
    toast.success('Organization settings saved');
    setDrafts(null);
    // The server holds them at their next request; go to the setup at once rather than at a refused call.
    if (plan.thenSetUpTwoFactor) requireTwoFactorSetup();
  }

  return (
    <>
      <form
        ref={pageRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby="organization-settings-title"
      >
        <div
          className={`mb-4 flex flex-wrap items-center justify-between gap-3 ${editing ? 'sticky top-0 z-10 -mx-4 bg-white/95 px-4 py-2 shadow-sm sm:-mx-6 sm:px-6 dark:bg-slate-950/95' : ''}`}
        >
          <div>
            <h1 id="organization-settings-title" className="text-2xl font-bold text-slate-900 dark:text-white">
              Organization Settings
            </h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {editing ? 'Change the details and settings, then save them.' : current.name}
            </p>
          </div>
          {editing ? (
            <div className="flex gap-2">
              <Button
                variant="secondary"
                onClick={() => {
                  setDrafts(null);
                  setProblems({});
                }}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending || saveRouting.isPending}>
                {save.isPending || saveRouting.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          ) : (
            <Button
              data-edit-button
              onClick={() =>
                setDrafts({
                  organization: organizationDraftOf(current),
                  settings: settingsDraftOf(savedSettings),
                  // Changing the policy is the plan's (docs/decisions/041): the saved one stays in effect, shown as it is.
                  routing: customRouting.included !== false && savedRouting ? routingDraftOf(savedRouting) : undefined,
                })
              }
            >
              Edit Settings
            </Button>
          )}
        </div>
        <ErrorBanner banner={banner} />
        {editing && Object.keys(problems).length > 0 ? (
          <div className="mb-4">
            <FormAlert tone="error">Please correct the highlighted fields.</FormAlert>
          </div>
        ) : null}
        {settings.data.fromDefaults ? (
          <div className="mb-4">
            <FormAlert tone="info">{settingsFromDefaultsNote}</FormAlert>
          </div>
        ) : null}
        <div className="grid gap-4 lg:grid-cols-2">
          <OrganizationDetailsCard
            organization={current}
            draft={drafts?.organization}
            problems={problems}
            onChange={(field, value) => {
              setDrafts((state) => state && { ...state, organization: { ...state.organization, [field]: value } });
              clearProblem(field);
            }}
          />
          <AccountInformationCard organization={current} />
          <TeamOverviewCard organization={current} />
          <UsageSummaryCard usage={usage.data ?? zeroUsage} />
          <SettingsCards
            settings={savedSettings}
            models={catalog}
            draft={drafts?.settings}
            problems={problems}
            onChange={(field, value) => {
              setDrafts((state) => state && { ...state, settings: { ...state.settings, [field]: value } });
              clearProblem(settingsFieldPath(field));
            }}
          />
          <RoutingCacheCard
            models={catalog}
            draft={drafts?.routing}
            problems={problems}
            onFailure={banner.show}
            onChange={(field, value) => {
              setDrafts((state) =>
                state?.routing ? { ...state, routing: { ...state.routing, [field]: value } } : state,
              );
              clearProblem(routingProblemKey(field));
            }}
          />
          <AuditLogCard auditEnabled={savedSettings.enable_audit} />
        </div>
        {saveAwaitingConfirmation ? (
          <ConfirmDialog
            title="Require two-factor authentication?"
            description={requireTwoFactorWarning}
            confirmLabel="Save and set up two-factor"
            variant="primary"
            onCancel={() => setSaveAwaitingConfirmation(null)}
            onConfirm={() => {
              const persist = saveAwaitingConfirmation;
              setSaveAwaitingConfirmation(null);
              void persist();
            }}
          />
        ) : null}
      </form>
      <ProviderKeysCard catalog={catalog} />
    </>
  );
}
