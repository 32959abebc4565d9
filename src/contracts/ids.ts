import { z } from 'zod';
import { messages } from './messages';

/** The 8-4-4-4-12 hexadecimal form PostgreSQL's uuid type reads; any version. No flags: the OpenAPI document carries it as is. */
export const uuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * An id the database keeps as a uuid, checked before it reaches a query: a malformed one is a 400
 * naming the field ('Session ID must be a UUID.'), where the cast used to fail as a 500.
 */
export function uuidField(label: string, required: string) {
  return z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? required : undefined) })
    .trim()
    .min(1, { error: required })
    .regex(uuidPattern, { error: `${label} must be a UUID.` });
}

export const organisationIdSchema = uuidField('Organization ID', messages.organizationIdRequired);
export const userIdSchema = uuidField('User ID', messages.userIdRequired);
export const roleIdSchema = uuidField('Role ID', messages.roleIdRequired);
export const sessionIdSchema = uuidField('Session ID', messages.sessionIdRequired);
export const messageIdSchema = uuidField('Message ID', messages.messageIdRequired);
export const selectionIdSchema = uuidField('Selection ID', messages.selectionIdRequired);
export const feedbackIdSchema = uuidField('Feedback ID', messages.feedbackIdRequired);
