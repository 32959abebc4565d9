import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRegularExpressions } from '../scripts/redos/check-regular-expressions';
import { findRegularExpressions, listSourceFiles } from '../scripts/redos/find-regular-expressions';

const projectRoot = path.resolve(import.meta.dirname, '..');

/**
 * Issue 20: a pattern that backtracks can hold the main thread for seconds on one long prompt.
 * Every regular expression in the application's source (server, gateway, contracts and the web
 * app, which runs its own on model output) is put to recheck, the ReDoS checker, and must be
 * `safe`: linear in the length of the text whatever the text is.
 */
describe('regular expressions', () => {
  it('finds literals and statically built RegExps, and names the ones it cannot read', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'tokenwise-regex-'));
    try {
      const file = path.join(folder, 'sample.ts');
      await writeFile(
        file,
        [
          'const nouns = "price|weather";',
          'export const call = /\\w+\\(\\w*\\)/g;',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: source text of a sample file, whose template literal the checker must see
          'export const built = new RegExp(`\\\\b(current) (${nouns})\\\\b`, "i");',
          'export const joined = RegExp("^a" + "b$");',
          'export const dynamic = (word: string) => new RegExp(word);',
        ].join('\n'),
      );
      const inventory = findRegularExpressions(folder, [file]);
      expect(inventory.found).toEqual([
        { location: 'sample.ts:2', source: '\\w+\\(\\w*\\)', flags: 'g' },
        { location: 'sample.ts:3', source: '\\b(current) (price|weather)\\b', flags: 'i' },
        { location: 'sample.ts:4', source: '^ab$', flags: '' },
      ]);
      expect(inventory.dynamic).toEqual([{ location: 'sample.ts:5', text: 'new RegExp(word)' }]);

      // The checker tells the quadratic pattern the router used (issue 20) from its rewrite.
      const verdicts = await checkRegularExpressions([
        inventory.found[0]!,
        { location: 'rewritten', source: '\\b\\w+\\(\\w*\\)', flags: 'g' },
      ]);
      expect(verdicts.map((verdict) => verdict.status)).toEqual(['vulnerable', 'safe']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);

  it('are all linear: recheck finds none that backtracks, and none is built from text known only at run time', async () => {
    const inventory = findRegularExpressions(projectRoot, listSourceFiles(projectRoot, ['src']));
    expect(inventory.found.length).toBeGreaterThan(100);
    expect(inventory.dynamic).toEqual([]);
    const verdicts = await checkRegularExpressions(inventory.found);
    const unsafe = verdicts
      .filter((verdict) => verdict.status !== 'safe')
      .map(
        (verdict) => `${verdict.location} /${verdict.source}/${verdict.flags}: ${verdict.status} (${verdict.detail})`,
      );
    expect(unsafe).toEqual([]);
  }, 900_000);
});
