import { defaultOrganisationSettings } from '@contracts';
import { describe, expect, it } from 'vitest';
import { settingsChanges, settingsDraftOf, validateSettingsDraft } from './settings-draft';

describe('the organization settings form', () => {
  it('reads back the settings it was given', () => {
    expect(validateSettingsDraft(settingsDraftOf(defaultOrganisationSettings)).values).toEqual(
      defaultOrganisationSettings,
    );
  });

  it('takes lists one entry a line and names the field a bad entry is in', () => {
    const draft = {
      ...settingsDraftOf(defaultOrganisationSettings),
      allowed_domains: 'Example.com\n\n  acme.org ',
      ip_restrictions: '10.0.0.0/8\nnot-an-address',
    };
    expect(validateSettingsDraft(draft).problems).toEqual({
      'security.ip_restrictions':
        'Each IP restriction must be an IP address or a network in CIDR notation, such as 203.0.113.0/24',
    });
    const fixed = validateSettingsDraft({ ...draft, ip_restrictions: '10.0.0.0/8' }).values;
    expect(fixed?.security).toMatchObject({
      allowed_domains: ['example.com', 'acme.org'],
      ip_restrictions: ['10.0.0.0/8'],
    });
  });

  it.each([
    ['retention_period_days', '0', 'retention_period_days', 'Retention period must be between 1 and 3,650 days'],
    ['default_temperature', '2.5', 'default_temperature', 'Default temperature must be between 0 and 2'],
    ['session_timeout_minutes', '', 'security.session_timeout_minutes', 'Session timeout must be a number'],
    ['primary_color', 'blue', 'branding.primary_color', 'Primary color must look like #RRGGBB'],
    ['logo_url', 'http://example.com/logo.png', 'branding.logo_url', 'Logo URL must be an https:// address'],
    ['application_name', ' ', 'branding.application_name', 'Application name is required'],
  ] as const)('refuses %s = %j', (field, typed, path, message) => {
    const draft = { ...settingsDraftOf(defaultOrganisationSettings), [field]: typed };
    expect(validateSettingsDraft(draft).problems).toEqual({ [path]: message });
  });

  it('sends only what changed, security and branding field by field', () => {
    const wanted = {
      ...defaultOrganisationSettings,
      enable_audit: true,
      security: { ...defaultOrganisationSettings.security, allowed_domains: ['example.com'] },
      branding: { ...defaultOrganisationSettings.branding, application_name: 'Acme AI' },
    };
    expect(settingsChanges(defaultOrganisationSettings, wanted)).toEqual({
      enable_audit: true,
      security: { allowed_domains: ['example.com'] },
      branding: { application_name: 'Acme AI' },
    });
    expect(settingsChanges(defaultOrganisationSettings, defaultOrganisationSettings)).toBeUndefined();
  });

  it('edits API access: on or off, and the networks keys may be used from, sent field by field', () => {
    const draft = {
      ...settingsDraftOf(defaultOrganisationSettings),
      api_access_enabled: false,
      api_ip_restrictions: '198.51.100.0/24\nnowhere',
    };
    expect(validateSettingsDraft(draft).problems).toEqual({
      'api_access.ip_restrictions':
        'Each API key IP restriction must be an IP address or a network in CIDR notation, such as 203.0.113.0/24',
    });
    const wanted = validateSettingsDraft({ ...draft, api_ip_restrictions: '198.51.100.0/24' }).values!;
    expect(wanted.api_access).toEqual({ enabled: false, ip_restrictions: ['198.51.100.0/24'] });
    expect(settingsChanges(defaultOrganisationSettings, wanted)).toEqual({
      api_access: { enabled: false, ip_restrictions: ['198.51.100.0/24'] },
    });
  });
});
