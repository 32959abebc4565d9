import { describe, expect, it } from 'vitest';
import { ScimError } from './scim-errors';
import { applyScimPatch, type PatchableAttributes } from './scim-patch';

const userAttributes: PatchableAttributes = {
  schema: 'urn:ietf:params:scim:schemas:core:2.0:User',
  names: ['userName', 'externalId', 'active', 'name', 'emails', 'displayName'],
  multiValued: ['emails'],
};
const groupAttributes: PatchableAttributes = {
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  names: ['displayName', 'externalId', 'members'],
  multiValued: ['members'],
};

const ada = () => ({
  userName: 'ada@example.test',
  active: true,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: 'ada@example.test', type: 'work', primary: true }],
});

function refusal(run: () => unknown): ScimError {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimError) return error;
    throw error;
  }
  throw new Error('expected a ScimError');
}

describe('applyScimPatch on a user', () => {
  it.each([
    ['replace with a path (Okta)', [{ op: 'replace', path: 'active', value: false }], { active: false }],
    ['replace without a path (Okta)', [{ op: 'replace', value: { active: false } }], { active: false }],
    [
      'capitalised ops and a string boolean (Entra ID)',
      [{ op: 'Replace', path: 'active', value: 'False' }],
      { active: 'False' },
    ],
    [
      'a sub-attribute',
      [{ op: 'replace', path: 'name.givenName', value: 'Augusta' }],
      { name: { givenName: 'Augusta', familyName: 'Lovelace' } },
    ],
    [
      'a dotted key in a value without a path',
      [{ op: 'replace', value: { 'name.familyName': 'King' } }],
      { name: { givenName: 'Ada', familyName: 'King' } },
    ],
    [
      'a filtered multi-valued path (Entra ID)',
      [{ op: 'Replace', path: 'emails[type eq "work"].value', value: 'ada.king@example.test' }],
      { emails: [{ value: 'ada.king@example.test', type: 'work', primary: true }] },
    ],
    [
      'an add to a filter that matches nothing creates the value',
      [{ op: 'Add', path: 'emails[type eq "home"].value', value: 'ada@home.test' }],
      {
        emails: [
          { value: 'ada@example.test', type: 'work', primary: true },
          { type: 'home', value: 'ada@home.test' },
        ],
      },
    ],
    [
      'the schema URN in front of the path',
      [{ op: 'replace', path: 'urn:ietf:params:scim:schemas:core:2.0:User:userName', value: 'ada.king@example.test' }],
      { userName: 'ada.king@example.test' },
    ],
    ['remove an attribute', [{ op: 'remove', path: 'name.familyName' }], { name: { givenName: 'Ada' } }],
    ['attribute names in any case', [{ op: 'replace', path: 'ACTIVE', value: false }], { active: false }],
    [
      'attributes the product does not keep are passed over',
      [
        { op: 'add', path: 'title', value: 'Countess' },
        {
          op: 'replace',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'Maths',
        },
        { op: 'replace', value: { preferredLanguage: 'en', active: false } },
      ],
      { active: false },
    ],
  ])('%s', (_name, operations, change) => {
    const before = ada();
    const after = applyScimPatch(before, operations, userAttributes);
    expect(after).toEqual({ ...ada(), ...change });
    expect(before).toEqual(ada());
  });

  it.each([
    ['no operations', []],
    ['not a list', { op: 'replace' }],
    ['an unknown op', [{ op: 'move', path: 'active', value: false }]],
    ['remove without a path', [{ op: 'remove' }]],
    ['a value that is not an object without a path', [{ op: 'replace', value: false }]],
    ['a malformed path', [{ op: 'replace', path: 'emails[type eq "work"', value: 'x' }]],
    ['an unsupported filter in a path', [{ op: 'replace', path: 'emails[type co "w"].value', value: 'x' }]],
  ])('refuses %s with a 400', (_name, operations) => {
    const error = refusal(() => applyScimPatch(ada(), operations, userAttributes));
    expect(error.status).toBe(400);
    expect(['invalidSyntax', 'noTarget', 'invalidValue', 'invalidPath', 'invalidFilter']).toContain(error.scimType);
  });
});

describe('applyScimPatch on a group', () => {
  const group = () => ({ displayName: 'Engineering', members: [{ value: 'u1' }, { value: 'u2' }] });

  it.each([
    [
      'add members, skipping ones already in',
      [{ op: 'add', path: 'members', value: [{ value: 'u2' }, { value: 'u3' }] }],
      ['u1', 'u2', 'u3'],
    ],
    ['remove one by filter (Okta)', [{ op: 'remove', path: 'members[value eq "u1"]' }], ['u2']],
    ['remove by value (Entra ID)', [{ op: 'Remove', path: 'members', value: [{ value: 'u2' }] }], ['u1']],
    ['remove all', [{ op: 'remove', path: 'members' }], undefined],
    ['replace all', [{ op: 'replace', path: 'members', value: [{ value: 'u9' }] }], ['u9']],
    ['add without a path', [{ op: 'add', value: { members: [{ value: 'u4' }] } }], ['u1', 'u2', 'u4']],
  ])('%s', (_name, operations, members) => {
    const after = applyScimPatch(group(), operations, groupAttributes) as { members?: { value: string }[] };
    expect(after.members?.map((member) => member.value)).toEqual(members);
  });

  it('renames', () => {
    expect(
      applyScimPatch(group(), [{ op: 'replace', path: 'displayName', value: 'Research' }], groupAttributes),
    ).toMatchObject({
      displayName: 'Research',
    });
  });
});
