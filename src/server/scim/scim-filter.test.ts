import { describe, expect, it } from 'vitest';
import { ScimError } from './scim-errors';
import { matchesValue, normaliseAttributePath, parseScimFilter } from './scim-filter';

describe('parseScimFilter', () => {
  it.each([
    ['userName eq "ada@example.com"', { attribute: 'userName', operator: 'eq', value: 'ada@example.com' }],
    ['  userName   EQ   "Ada"  ', { attribute: 'userName', operator: 'eq', value: 'Ada' }],
    ['externalId eq "00u1\\"quoted\\""', { attribute: 'externalId', operator: 'eq', value: '00u1"quoted"' }],
    ['emails.value eq "a@b.test"', { attribute: 'emails.value', operator: 'eq', value: 'a@b.test' }],
    ['active eq true', { attribute: 'active', operator: 'eq', value: true }],
    ['displayName eq null', { attribute: 'displayName', operator: 'eq', value: null }],
    [
      'urn:ietf:params:scim:schemas:core:2.0:User:userName eq "x"',
      { attribute: 'urn:ietf:params:scim:schemas:core:2.0:User:userName', operator: 'eq', value: 'x' },
    ],
  ])('reads %s', (filter, expected) => {
    expect(parseScimFilter(filter)).toEqual(expected);
  });

  it.each([
    'userName co "ada"',
    'userName eq "a" and active eq true',
    'userName eq',
    'userName eq "unterminated',
    '(userName eq "a")',
    '',
  ])('refuses %j as invalidFilter', (filter) => {
    const error = (() => {
      try {
        parseScimFilter(filter);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ScimError);
    expect((error as ScimError).status).toBe(400);
    expect((error as ScimError).scimType).toBe('invalidFilter');
  });
});

describe('attribute paths and values', () => {
  it('strips the schema URN and compares case-insensitively', () => {
    expect(
      normaliseAttributePath(
        'urn:ietf:params:scim:schemas:core:2.0:User:userName',
        'urn:ietf:params:scim:schemas:core:2.0:User',
      ),
    ).toBe('username');
    expect(normaliseAttributePath('Emails.Value', 'urn:ietf:params:scim:schemas:core:2.0:User')).toBe('emails.value');
  });
  it('matches strings regardless of case, other values exactly', () => {
    expect(matchesValue('Ada@Example.com', 'ada@example.com')).toBe(true);
    expect(matchesValue('ada', 'adam')).toBe(false);
    expect(matchesValue(true, true)).toBe(true);
    expect(matchesValue('true', true)).toBe(false);
  });
});
