import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm run -s cache:score` as a child process, the way the benchmark harness calls it. */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function runScore(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/cache/score.ts', ...args],
      { cwd: repositoryRoot, timeout: 90_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('the cache:score command', () => {
  let folder: string;
  const input = (name: string) => path.join(folder, name);

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'cache-score-'));
    const lines = [
      { id: 'near-miss', a: 'Write a poem about cats', b: 'Write a poem about dogs' },
      { id: 'exact', a: 'Tell me a joke', b: 'tell me a joke.' },
      { id: 'present', a: 'What is the weather today?', b: 'What is the weather today?' },
      { id: 'unrelated', a: 'How do I bake bread?', b: 'What is the capital of France?' },
    ];
    await writeFile(input('good.jsonl'), `${lines.map((line) => JSON.stringify(line)).join('\n')}\n\n`);
    await writeFile(input('bad-field.jsonl'), `${JSON.stringify(lines[0])}\n{"id": "x", "a": "hello"}\n`);
    await writeFile(
      input('bad-json.jsonl'),
      `${JSON.stringify(lines[0])}\n${JSON.stringify(lines[1])}\n{"id": "y", "a": \n`,
    );
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('writes one {id, similarity, hit} line per input line, in input order, and nothing else', async () => {
    const { code, stdout } = await runScore(['--input', input('good.jsonl')]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    const answers = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    answers.forEach((answer) => {
      expect(Object.keys(answer)).toEqual(['id', 'similarity', 'hit']);
      expect(typeof answer.similarity).toBe('number');
      expect(typeof answer.hit).toBe('boolean');
    });
    expect(answers.map((answer) => [answer.id, answer.hit])).toEqual([
      ['near-miss', false],
      ['exact', true],
      ['present', false],
      ['unrelated', false],
    ]);
    expect(answers[2]!.similarity).toBeCloseTo(1, 5);
    expect(answers[3]!.similarity as number).toBeLessThan(0.5);
  }, 120_000);

  it.each([
    ['bad-field.jsonl', /bad-field\.jsonl line 2: "b" is missing/],
    ['bad-json.jsonl', /bad-json\.jsonl line 3: not valid JSON/],
  ])(
    'refuses %s naming the line, with nothing on stdout',
    async (file, message) => {
      const { code, stdout, stderr } = await runScore(['--input', input(file)]);
      expect(code).not.toBe(0);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
    },
    60_000,
  );

  it('explains its usage when --input is missing', async () => {
    const { code, stdout, stderr } = await runScore([]);
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/usage: npm run -s cache:score -- --input FILE/);
  }, 60_000);
});
