import { z } from 'zod';

// RFC 7643 (SCIM core schema) and RFC 7644 (protocol) as zod schemas, written from the RFCs, for
// checking what the server answers a directory. Strict where the RFCs say MUST.

const uri = z.string().regex(/^urn:ietf:params:scim:/);
const dateTime = z.iso.datetime({ offset: true });

/** RFC 7643 section 3.1: every resource has id, schemas and meta; meta.location is the resource's URI. */
const meta = (resourceType: string) =>
  z.object({
    resourceType: z.literal(resourceType),
    created: dateTime,
    lastModified: dateTime,
    location: z.url(),
    version: z.string().optional(),
  });

const multiValued = z.object({
  value: z.string(),
  display: z.string().optional(),
  type: z.string().optional(),
  primary: z.boolean().optional(),
  $ref: z.url().optional(),
});

/** RFC 7643 section 4.1 (User), attributes of section 4.1.1 and 4.1.2 as used here. */
export const scimUserSchema = z
  .object({
    schemas: z.array(uri).refine((schemas) => schemas.includes('urn:ietf:params:scim:schemas:core:2.0:User')),
    id: z.string().min(1),
    externalId: z.string().optional(),
    userName: z.string().min(1),
    name: z
      .object({ formatted: z.string().optional(), givenName: z.string().optional(), familyName: z.string().optional() })
      .optional(),
    displayName: z.string().optional(),
    emails: z.array(multiValued).optional(),
    active: z.boolean(),
    groups: z.array(multiValued).optional(),
    meta: meta('User'),
  })
  .refine((user) => (user.emails ?? []).filter((email) => email.primary).length <= 1, {
    message: 'at most one primary e-mail (RFC 7643 section 2.4)',
  });

/** RFC 7643 section 4.2 (Group). */
export const scimGroupSchema = z.object({
  schemas: z.array(uri).refine((schemas) => schemas.includes('urn:ietf:params:scim:schemas:core:2.0:Group')),
  id: z.string().min(1),
  externalId: z.string().optional(),
  displayName: z.string().min(1),
  members: z.array(multiValued.extend({ type: z.enum(['User', 'Group']).optional() })).optional(),
  meta: meta('Group'),
});

/** RFC 7644 section 3.4.2 (ListResponse). */
export const scimListSchema = <Item extends z.ZodType>(item: Item) =>
  z
    .object({
      schemas: z.tuple([z.literal('urn:ietf:params:scim:api:messages:2.0:ListResponse')]),
      totalResults: z.number().int().min(0),
      startIndex: z.number().int().min(1),
      itemsPerPage: z.number().int().min(0),
      Resources: z.array(item),
    })
    .refine((list) => list.itemsPerPage === list.Resources.length, { message: 'itemsPerPage counts Resources' });

/** RFC 7644 section 3.12 (Error): status is a string; scimType from the table of section 3.12. */
export const scimErrorBodySchema = z.object({
  schemas: z.tuple([z.literal('urn:ietf:params:scim:api:messages:2.0:Error')]),
  status: z.string().regex(/^\d{3}$/),
  detail: z.string().optional(),
  scimType: z
    .enum([
      'invalidFilter',
      'tooMany',
      'uniqueness',
      'mutability',
      'invalidSyntax',
      'invalidPath',
      'noTarget',
      'invalidValue',
      'invalidVers',
      'sensitive',
    ])
    .optional(),
});

/** RFC 7643 section 5 (ServiceProviderConfig). */
export const serviceProviderConfigSchema = z.object({
  schemas: z.tuple([z.literal('urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig')]),
  patch: z.object({ supported: z.boolean() }),
  bulk: z.object({ supported: z.boolean(), maxOperations: z.number(), maxPayloadSize: z.number() }),
  filter: z.object({ supported: z.boolean(), maxResults: z.number() }),
  changePassword: z.object({ supported: z.boolean() }),
  sort: z.object({ supported: z.boolean() }),
  etag: z.object({ supported: z.boolean() }),
  authenticationSchemes: z.array(z.object({ type: z.string(), name: z.string(), description: z.string() })).min(1),
});
