import { groupSchema } from './scim-group-repository';
import { userSchema } from './scim-user-repository';

// RFC 7644 section 4: what a directory reads to learn what this server supports.

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: 'https://github.com/tokenwise/tokenwise/blob/main/docs/decisions/046-scim-provisioning.md',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A token an administrator creates on the Organization page (Single sign-on, SCIM tokens)',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

const resourceTypeSchema = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';

export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: [resourceTypeSchema],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      schema: userSchema,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [resourceTypeSchema],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      schema: groupSchema,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

const attribute = (
  name: string,
  options: Partial<{
    type: string;
    multiValued: boolean;
    required: boolean;
    mutability: string;
    uniqueness: string;
    subAttributes: unknown[];
  }> = {},
) => ({
  name,
  type: options.type ?? 'string',
  multiValued: options.multiValued ?? false,
  required: options.required ?? false,
  caseExact: false,
  mutability: options.mutability ?? 'readWrite',
  returned: 'default',
  uniqueness: options.uniqueness ?? 'none',
  ...(options.subAttributes ? { subAttributes: options.subAttributes } : {}),
});

/** The attributes this server keeps, as RFC 7643 section 7 describes schemas. */
export function schemas(baseUrl: string) {
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: userSchema,
      name: 'User',
      description: 'A person of the organization',
      attributes: [
        attribute('userName', { required: true, uniqueness: 'server' }),
        attribute('name', {
          type: 'complex',
          subAttributes: [
            attribute('formatted', { mutability: 'readOnly' }),
            attribute('givenName'),
            attribute('familyName'),
          ],
        }),
        attribute('displayName', { mutability: 'readOnly' }),
        attribute('emails', {
          type: 'complex',
          multiValued: true,
          subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
        }),
        attribute('active', { type: 'boolean' }),
        attribute('groups', {
          type: 'complex',
          multiValued: true,
          mutability: 'readOnly',
          subAttributes: [
            attribute('value', { mutability: 'readOnly' }),
            attribute('display', { mutability: 'readOnly' }),
          ],
        }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${userSchema}` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: groupSchema,
      name: 'Group',
      description: 'A group of the directory; group mappings give its members a role',
      attributes: [
        attribute('displayName', { required: true, uniqueness: 'server' }),
        attribute('members', {
          type: 'complex',
          multiValued: true,
          subAttributes: [
            attribute('value', { mutability: 'immutable' }),
            attribute('display', { mutability: 'readOnly' }),
          ],
        }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${groupSchema}` },
    },
  ];
}
