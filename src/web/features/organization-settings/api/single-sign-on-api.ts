import {
  createdScimTokenSchema,
  scimTokenListSchema,
  singleSignOnDomainSchema,
  singleSignOnSettingsSchema,
  successResponseSchema,
  testSingleSignOnResponseSchema,
  type SaveSingleSignOnRequest,
} from '@contracts';
import { apiRequest } from '../../../lib/api-client';

const ssoPath = (orgId: string) => `/org/${encodeURIComponent(orgId)}/sso`;
const scimTokensPath = (orgId: string) => `/org/${encodeURIComponent(orgId)}/scim-tokens`;

export const getSingleSignOn = (orgId: string) => apiRequest(ssoPath(orgId), { schema: singleSignOnSettingsSchema });

export const saveSingleSignOn = (orgId: string, settings: SaveSingleSignOnRequest) =>
  apiRequest(ssoPath(orgId), { method: 'PUT', body: settings, schema: singleSignOnSettingsSchema });

export const removeSingleSignOn = (orgId: string) =>
  apiRequest(ssoPath(orgId), { method: 'DELETE', schema: successResponseSchema });

export const testSingleSignOn = (
  orgId: string,
  settings: { issuer: string; client_id: string; client_secret?: string },
) => apiRequest(`${ssoPath(orgId)}/test`, { method: 'POST', body: settings, schema: testSingleSignOnResponseSchema });

export const addSingleSignOnDomain = (orgId: string, domain: string) =>
  apiRequest(`${ssoPath(orgId)}/domains`, { method: 'POST', body: { domain }, schema: singleSignOnDomainSchema });

export const verifySingleSignOnDomain = (orgId: string, domain: string) =>
  apiRequest(`${ssoPath(orgId)}/domains/${encodeURIComponent(domain)}/verify`, {
    method: 'POST',
    schema: singleSignOnDomainSchema,
  });

export const removeSingleSignOnDomain = (orgId: string, domain: string) =>
  apiRequest(`${ssoPath(orgId)}/domains/${encodeURIComponent(domain)}`, {
    method: 'DELETE',
    schema: successResponseSchema,
  });

export const listScimTokens = (orgId: string) => apiRequest(scimTokensPath(orgId), { schema: scimTokenListSchema });

export const createScimToken = (orgId: string, name: string) =>
  apiRequest(scimTokensPath(orgId), { method: 'POST', body: { name }, schema: createdScimTokenSchema });

export const revokeScimToken = (orgId: string, tokenId: string) =>
  apiRequest(`${scimTokensPath(orgId)}/${encodeURIComponent(tokenId)}`, {
    method: 'DELETE',
    schema: successResponseSchema,
  });
