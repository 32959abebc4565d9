import type { OrganisationSettings } from '@contracts';
import { TextField } from '../../../components/ui/text-field';
import { Card, Facts } from '../../admin/components/card';
import { PlanFeatureNote } from '../../billing/components/plan-feature-note';
import { usePlanFeature } from '../../billing/hooks/use-plan-feature';
import { CheckboxField, TextAreaField } from '../../admin/components/form-fields';
import { formatCount } from '../../admin/lib/format';
import type { CatalogModelEntry } from '../../role-management/hooks/use-model-catalog';
import type { FormProblems } from '../lib/form-problems';
import type { SettingsDraft } from '../lib/settings-draft';
import { autoModel, DefaultModelField } from './default-model-field';

const onOff = (on: boolean) => (on ? 'On' : 'Off');
const listOr = (entries: readonly string[], none: string) => (entries.length > 0 ? entries.join(', ') : none);

const describeModel = (model: CatalogModelEntry | undefined, modelId: string) =>
  !model ? modelId : model.reachable ? model.name : `${model.name} (needs a key)`;

interface SettingsCardsProps {
  settings: OrganisationSettings;
  models: readonly CatalogModelEntry[];
  /** Present in edit mode. */
  draft?: SettingsDraft;
  problems: FormProblems;
  onChange: <Field extends keyof SettingsDraft>(field: Field, value: SettingsDraft[Field]) => void;
}

/** Spec section 3's Org settings: general, security and branding, read or edited. */
export function SettingsCards({ settings, models, draft, problems, onChange }: SettingsCardsProps) {
  // Turning it on is the plan's (docs/decisions/041); one already on may be turned off.
  const twoFactor = usePlanFeature('require_2fa');
  const twoFactorLocked = twoFactor.included === false && !settings.security.require_2fa;
  const modelName = (modelId: string | null) =>
    modelId === null
      ? autoModel
      : describeModel(
          models.find((model) => model.id === modelId),
          modelId,
        );
  if (!draft) {
    return (
      <>
        <Card title="General Settings">
          <Facts
            facts={[
              { label: 'Default model', value: modelName(settings.default_model) },
              { label: 'Default temperature', value: String(settings.default_temperature) },
              { label: 'Max tokens per request', value: formatCount(settings.max_tokens_per_request) },
              { label: 'Retention period', value: `${formatCount(settings.retention_period_days)} days` },
              { label: 'Logging', value: onOff(settings.enable_logging) },
              { label: 'Audit log', value: onOff(settings.enable_audit) },
            ]}
          />
        </Card>
        <Card title="Security">
          <Facts
            facts={[
              { label: 'Require two-factor authentication', value: onOff(settings.security.require_2fa) },
              { label: 'Session timeout', value: `${formatCount(settings.security.session_timeout_minutes)} minutes` },
              { label: 'IP restrictions', value: listOr(settings.security.ip_restrictions, 'Any address') },
              { label: 'Allowed email domains', value: listOr(settings.security.allowed_domains, 'Any domain') },
            ]}
          />
        </Card>
        <Card title="Branding" className="lg:col-span-2">
          <Facts
            facts={[
              { label: 'Application name', value: settings.branding.application_name },
              {
                label: 'Primary color',
                value: (
                  <span className="inline-flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="inline-block h-4 w-4 rounded border border-slate-300"
                      style={{ backgroundColor: settings.branding.primary_color }}
                    />
                    {settings.branding.primary_color}
                  </span>
                ),
              },
              { label: 'Logo URL', value: settings.branding.logo_url ?? 'None' },
            ]}
          />
        </Card>
      </>
    );
  }

  const text = (
    field:
      | 'retention_period_days'
      | 'max_tokens_per_request'
      | 'default_temperature'
      | 'session_timeout_minutes'
      | 'logo_url'
      | 'primary_color'
      | 'application_name',
  ) => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  return (
    <>
      <Card title="General Settings">
        <div className="grid gap-4 sm:grid-cols-2">
          <DefaultModelField
            models={models}
            value={draft.default_model}
            error={problems.default_model}
            onChange={(modelId) => onChange('default_model', modelId)}
          />
          <TextField
            label="Default temperature"
            type="number"
            min={0}
            max={2}
            step="0.01"
            inputMode="decimal"
            error={problems.default_temperature}
            {...text('default_temperature')}
          />
          <TextField
            label="Max tokens per request"
            type="number"
            min={1}
            step="1"
            inputMode="numeric"
            error={problems.max_tokens_per_request}
            {...text('max_tokens_per_request')}
          />
          <TextField
            label="Retention period (days)"
            type="number"
            min={1}
            step="1"
            inputMode="numeric"
            error={problems.retention_period_days}
            {...text('retention_period_days')}
          />
          <CheckboxField
            label="Enable logging"
            checked={draft.enable_logging}
            onChange={(checked) => onChange('enable_logging', checked)}
          />
          <CheckboxField
            label="Enable audit log"
            checked={draft.enable_audit}
            onChange={(checked) => onChange('enable_audit', checked)}
            hint="Lets administrators read who changed what, and when."
          />
        </div>
      </Card>
      <Card title="Security">
        <div className="grid gap-4 sm:grid-cols-2">
          <CheckboxField
            label="Require two-factor authentication"
            checked={draft.require_2fa}
            disabled={twoFactorLocked && !draft.require_2fa}
            onChange={(checked) => onChange('require_2fa', checked)}
            hint={twoFactorLocked ? <PlanFeatureNote note={twoFactor.note} /> : undefined}
          />
          <TextField
            label="Session timeout (minutes)"
            type="number"
            min={5}
            step="1"
            inputMode="numeric"
            error={problems['security.session_timeout_minutes']}
            {...text('session_timeout_minutes')}
          />
          <TextAreaField
            label="IP restrictions"
            rows={3}
            hint="One address or CIDR network a line; empty allows every address."
            value={draft.ip_restrictions}
            error={problems['security.ip_restrictions']}
            onChange={(event) => onChange('ip_restrictions', event.target.value)}
          />
          <TextAreaField
            label="Allowed email domains"
            rows={3}
            hint="One domain a line; empty allows every domain."
            value={draft.allowed_domains}
            error={problems['security.allowed_domains']}
            onChange={(event) => onChange('allowed_domains', event.target.value)}
          />
        </div>
      </Card>
      <Card title="Branding" className="lg:col-span-2">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Application name"
            error={problems['branding.application_name']}
            {...text('application_name')}
          />
          <div className="flex items-end gap-2">
            <TextField
              label="Primary color"
              className="flex-1"
              placeholder="#3B82F6"
              error={problems['branding.primary_color']}
              {...text('primary_color')}
            />
            <input
              type="color"
              aria-label="Pick the primary color"
              value={/^#[0-9A-Fa-f]{6}$/.test(draft.primary_color) ? draft.primary_color : '#3B82F6'}
              onChange={(event) => onChange('primary_color', event.target.value.toUpperCase())}
              className="mb-0.5 h-9 w-12 cursor-pointer rounded border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900"
            />
          </div>
          <TextField
            label="Logo URL"
            type="url"
            placeholder="https://example.com/logo.png"
            className="sm:col-span-2"
            error={problems['branding.logo_url']}
            {...text('logo_url')}
          />
        </div>
      </Card>
    </>
  );
}
