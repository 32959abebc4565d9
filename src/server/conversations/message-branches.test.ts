import { describe, expect, it } from 'vitest';
import { shownBranch, versionPlaces } from './message-branches';

type Role = 'user' | 'assistant';

function node(id: string, role: Role, parent: string | null, options: { version?: number; setAside?: boolean } = {}) {
  return {
    id,
    role,
    parentMessageId: parent,
    version: options.version ?? 1,
    supersededAt: options.setAside ? new Date('2026-11-01T00:00:00Z') : null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
  };
}

// An edited first message: version 1 (a, with its reply b and the later turns c, d) set aside, version 2 (e, f) shown.
const tree = [
  node('a', 'user', null, { version: 1, setAside: true }),
  node('e', 'user', null, { version: 2 }),
  node('b', 'assistant', 'a'),
  node('f', 'assistant', 'e'),
  node('c', 'user', 'b'),
  node('d', 'assistant', 'c'),
];
const ids = (rows: { message: { id: string } }[]) => rows.map((row) => row.message.id);

describe('shownBranch', () => {
  it.each([
    ['a linear conversation is shown whole', [node('a', 'user', null), node('b', 'assistant', 'a')], ['a', 'b']],
    ['the version shown and what follows it; not the version set aside nor its later turns', tree, ['e', 'f']],
    [
      'a message whose parent is not among the rows counts as following a shown one',
      [node('x', 'user', 'gone'), node('y', 'assistant', 'x')],
      ['x', 'y'],
    ],
  ])('%s', (_name, nodes, expected) => {
    expect(ids(shownBranch(nodes.map((message) => ({ message }))))).toEqual(expected);
  });

  it('follows a chain longer than a call stack would allow', () => {
    const chain = Array.from({ length: 20_000 }, (_, index) =>
      node(`m${index}`, index % 2 ? 'assistant' : 'user', index ? `m${index - 1}` : null),
    );
    expect(shownBranch(chain.map((message) => ({ message })))).toHaveLength(20_000);
  });
});

describe('versionPlaces', () => {
  it('counts the versions of each user message and names the one shown', () => {
    const places = versionPlaces(tree);
    expect(places.get('a')).toEqual({ shown: 2, count: 2 });
    expect(places.get('e')).toEqual({ shown: 2, count: 2 });
    expect(places.get('c')).toEqual({ shown: 1, count: 1 });
    expect(places.has('b')).toBe(false);
  });
});
