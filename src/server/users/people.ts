import { notInArray } from 'drizzle-orm';
import { users } from '../db/schema';

/**
 * The organisation's people: everyone but those removed (status 'disabled', kept for their usage
 * history) and service keys' principals (status 'service', docs/decisions/049), which are no person
 * and appear in no people list, count or action.
 */
export const isCurrentPerson = notInArray(users.status, ['disabled', 'service']);
