import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The stable command-line interface: `npm run -s router:score -- --input FILE`, run as a user would.
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runScore(inputFile: string): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'router:score', '--', '--input', inputFile], {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run router:score', () => {
  let folder: string;
  const file = (name: string) => path.join(folder, name);
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'router-score-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('writes exactly one JSON line per input line, in input order, and nothing else', async () => {
    const inputs = [
      {
        id: 'b-2',
        prompt: 'Here is a Python function with a bug:\n```\ndef add(a, b):\n    return a - b\n```\nFind and fix it.',
      },
      { id: 'a-1', prompt: 'Say hello.' },
      { id: 'unicode ✓', prompt: '' },
      {
        id: 'c-3',
        prompt:
          'A number leaves a remainder of 7 when divided by 12. What remainder does three times the number leave when divided by 6?',
      },
    ];
    await writeFile(file('good.jsonl'), `${inputs.map((input) => JSON.stringify(input)).join('\n')}\n\n`);
    const result = await runScore(file('good.jsonl'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.endsWith('\n')).toBe(true);
    const lines = result.stdout.slice(0, -1).split('\n');
    expect(lines).toHaveLength(inputs.length);
    lines.forEach((line, index) => {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      expect(Object.keys(parsed)).toEqual(['id', 'score']);
      expect(parsed.id).toBe(inputs[index]!.id);
      expect(typeof parsed.score === 'number' && parsed.score >= 0 && parsed.score <= 1).toBe(true);
    });
  }, 90_000);

  it.each([
    {
      name: 'not JSON',
      content: '{"id": "1", "prompt": "fine"}\n{"id": "2", "prompt": \n',
      message: /line 2: not valid JSON/,
    },
    {
      name: 'a missing prompt',
      content: '{"id": "1", "prompt": "fine"}\n\n{"id": "3"}\n',
      message: /line 3: "prompt" must be a string/,
    },
    { name: 'a numeric id', content: '{"id": 1, "prompt": "fine"}\n', message: /line 1: "id" must be a string/ },
  ])(
    'fails on $name, naming the line, with nothing on stdout',
    async ({ name, content, message }) => {
      const input = file(`${name.replace(/\W/g, '-')}.jsonl`);
      await writeFile(input, content);
      const result = await runScore(input);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
    },
    60_000,
  );

  it('fails clearly on a missing file', async () => {
    const result = await runScore(file('absent.jsonl'));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/cannot read .*absent\.jsonl/);
  }, 60_000);
});
