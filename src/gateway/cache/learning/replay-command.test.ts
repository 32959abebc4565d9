import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, runLineByLine } from '../../testing/replay-command-harness';

// `npm run -s cache:replay -- --input FILE --delta D`, run as a user would. Invented questions only.
const lines = [
  { id: 'p1', a: 'What is the best way to repot a fern?', b: 'How do I repot a fern?', same: true },
  { id: 'p2', a: 'How do I repot a cactus?', b: 'How do I repot a fern?', same: false },
  { id: 'p3', a: 'What is the easiest way to repot a fern?', b: 'How do I repot a fern?', same: true },
  { id: 'p4', a: 'how do i repot a fern', b: 'How do I repot a fern?', same: true },
  { id: 'p5', a: 'What is the weather in Oslo today?', b: 'What is the weather in Oslo?', same: true },
  { id: 'p6', a: 'What is a good way to repot a fern?', b: 'How do I repot a fern?', same: true },
];
const asJsonLines = (values: readonly object[]) => values.map((value) => JSON.stringify(value));
const parse = (answers: readonly string[]) => answers.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('npm run cache:replay', () => {
  let folder: string;
  const file = (name: string) => path.join(folder, name);
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'cache-replay-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('writes one {id, hit, asked_judge} line per input line, in order: exact repeats hit, questions about now never do', async () => {
    await writeFile(file('good.jsonl'), `${asJsonLines(lines).join('\n')}\n\n`);
    const result = await runCommand('cache:replay', ['--input', file('good.jsonl'), '--delta', '0.02']);
    expect(result.code, result.stderr).toBe(0);
    const answers = parse(result.stdout.trimEnd().split('\n'));
    expect(answers.map((answer) => answer.id)).toEqual(lines.map((line) => line.id));
    for (const answer of answers) expect(Object.keys(answer)).toEqual(['id', 'hit', 'asked_judge']);
    expect(answers[3]).toEqual({ id: 'p4', hit: true, asked_judge: false });
    expect(answers[4]).toEqual({ id: 'p5', hit: false, asked_judge: false });
  }, 180_000);

  it('answers line k before line k + 1 is written; a changed label changes nothing up to its decision', async () => {
    // Every label the other way round: only judged answers (the judge is the label) and later lines may move.
    const flipped = lines.map((line) => ({ ...line, same: !line.same }));
    const [original, changed, blind, blindChanged] = await Promise.all([
      runLineByLine('cache:replay', ['--delta', '0.02', '--check-rate', '1'], asJsonLines(lines)),
      runLineByLine('cache:replay', ['--delta', '0.02', '--check-rate', '1'], asJsonLines(flipped)),
      runLineByLine('cache:replay', ['--delta', '0.02', '--judge', 'off', '--check-rate', '0'], asJsonLines(lines)),
      runLineByLine('cache:replay', ['--delta', '0.02', '--judge', 'off', '--check-rate', '0'], asJsonLines(flipped)),
    ]);
    const [first, second] = [parse(original), parse(changed)];
    expect(first).toHaveLength(lines.length);
    // The first decision is taken before any label: the same whatever the labels say.
    expect(second[0]!.asked_judge).toBe(first[0]!.asked_judge);
    expect(first[0]!.asked_judge).toBe(true);
    // A judged answer is the judge's verdict: it follows the label.
    expect(second[0]!.hit).toBe(!first[0]!.hit);
    // With neither judge nor checks no label is ever revealed: the labels change nothing.
    expect(blindChanged).toEqual(blind);
  }, 240_000);

  it.each([
    { name: 'not JSON', content: '{"id": "p9", "a": \n', message: /line 2: not valid JSON/ },
    {
      name: 'a label that is not true or false',
      content: '{"id": "p9", "a": "x", "b": "y", "same": "yes"}\n',
      message: /line 2: "same" must be true or false/,
    },
  ])(
    'stops on $name, naming the line, after answering the lines before it',
    async ({ name, content, message }) => {
      const input = file(`${name.replace(/\W/g, '-')}.jsonl`);
      await writeFile(input, `${JSON.stringify(lines[0])}\n${content}`);
      const result = await runCommand('cache:replay', ['--input', input, '--delta', '0.02']);
      expect(result.code).toBe(1);
      expect(parse(result.stdout.trimEnd().split('\n')).map((answer) => answer.id)).toEqual(['p1']);
      expect(result.stderr).toMatch(message);
    },
    180_000,
  );

  it('refuses a delta out of range or an unknown judge setting, with nothing on stdout', async () => {
    const [badDelta, badJudge] = await Promise.all([
      runCommand('cache:replay', ['--input', file('good.jsonl'), '--delta', '1.5']),
      runCommand('cache:replay', ['--input', file('good.jsonl'), '--delta', '0.02', '--judge', 'maybe']),
    ]);
    expect([badDelta.code, badDelta.stdout]).toEqual([1, '']);
    expect(badDelta.stderr).toMatch(/--delta must be a number from 0 to 1/);
    expect([badJudge.code, badJudge.stdout]).toEqual([1, '']);
    expect(badJudge.stderr).toMatch(/--judge must be on or off/);
  }, 180_000);
});
