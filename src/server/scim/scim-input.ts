import { z } from 'zod';
import { isAcceptableText } from '../../contracts';
import { scimInvalidValue } from './scim-errors';

type Json = Record<string, unknown>;

/** SCIM attribute names are case-insensitive (RFC 7643 section 2.1). */
function attributeOf(resource: unknown, name: string): unknown {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource)) return undefined;
  const lower = name.toLowerCase();
  const key = Object.keys(resource).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : (resource as Json)[key];
}

/** Booleans as Entra ID sometimes sends them: "True", "False". */
function readBoolean(value: unknown, attribute: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw scimInvalidValue(`${attribute} must be true or false`);
}

function readText(value: unknown, attribute: string, max: number, required: boolean): string | undefined {
  if (value === undefined || value === null || value === '') {
    if (required) throw scimInvalidValue(`${attribute} is required`);
    return undefined;
  }
  if (typeof value !== 'string') throw scimInvalidValue(`${attribute} must be a string`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw scimInvalidValue(`${attribute} must be at most ${max} characters`);
  if (!isAcceptableText(trimmed, 'single-line'))
    throw scimInvalidValue(`${attribute} cannot contain control characters`);
  if (required && trimmed === '') throw scimInvalidValue(`${attribute} is required`);
  return trimmed || undefined;
}

const email = z.email();

/** What this product keeps of a SCIM User (RFC 7643 section 4.1); everything else is passed over. */
export interface ScimUserInput {
  userName: string;
  email: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  active: boolean;
}

/** Reads a User as a POST or PUT sends it (or as a PATCH left it). The e-mail: the primary one, else the first, else a userName that is one. */
export function readUserInput(resource: unknown): ScimUserInput {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource))
    throw scimInvalidValue('The request body must be a User object');
  const userName = readText(attributeOf(resource, 'userName'), 'userName', 254, true)!;
  const emails = attributeOf(resource, 'emails');
  const listed = Array.isArray(emails) ? emails.filter((item) => typeof item === 'object' && item !== null) : [];
  const chosen = listed.find((item) => readBoolean(attributeOf(item, 'primary'), 'emails.primary')) ?? listed[0];
  const address =
    readText(attributeOf(chosen, 'value'), 'emails.value', 254, false) ??
    (userName.includes('@') ? userName : undefined);
  if (!address || !email.safeParse(address).success)
    throw scimInvalidValue('A valid e-mail address is required (emails or userName)');
  const name = attributeOf(resource, 'name');
  return {
    userName,
    email: address,
    externalId: readText(attributeOf(resource, 'externalId'), 'externalId', 500, false) ?? null,
    givenName: readText(attributeOf(name, 'givenName'), 'name.givenName', 100, false) ?? null,
    familyName: readText(attributeOf(name, 'familyName'), 'name.familyName', 100, false) ?? null,
    active: readBoolean(attributeOf(resource, 'active'), 'active') ?? true,
  };
}

/** What this product keeps of a SCIM Group (RFC 7643 section 4.2). */
export interface ScimGroupInput {
  displayName: string;
  externalId: string | null;
  memberIds: string[];
}

export function readGroupInput(resource: unknown): ScimGroupInput {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource))
    throw scimInvalidValue('The request body must be a Group object');
  const members = attributeOf(resource, 'members');
  if (members !== undefined && members !== null && !Array.isArray(members))
    throw scimInvalidValue('members must be a list');
  const memberIds = (Array.isArray(members) ? members : []).map((member) => {
    const value = attributeOf(member, 'value');
    if (typeof value !== 'string') throw scimInvalidValue('Each member needs a value (the User id)');
    return value;
  });
  return {
    displayName: readText(attributeOf(resource, 'displayName'), 'displayName', 256, true)!,
    externalId: readText(attributeOf(resource, 'externalId'), 'externalId', 500, false) ?? null,
    memberIds: [...new Set(memberIds)],
  };
}
