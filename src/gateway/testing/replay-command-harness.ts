import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runs the replay commands as a user would, for the command tests (not imported by product code). */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run -s <script> -- <args>` with the input file given; resolves when the command exits. */
export function runCommand(script: string, args: readonly string[]): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], {
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

/**
 * Feeds the command its input on standard input one line at a time: line k + 1 is written only
 * once the answer to line k has been read from its standard output. A command that waited for
 * more input than the line it answers would never answer, and the call would time out.
 */
export function runLineByLine(script: string, args: readonly string[], lines: readonly string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', script, '--', '--input', '-', ...args], {
      cwd: repositoryRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const answers: string[] = [];
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let end = buffered.indexOf('\n');
      while (end >= 0) {
        answers.push(buffered.slice(0, end));
        buffered = buffered.slice(end + 1);
        end = buffered.indexOf('\n');
        if (answers.length < lines.length) child.stdin.write(`${lines[answers.length]}\n`);
        else child.stdin.end();
      }
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(answers) : reject(new Error(`exit ${code} after ${answers.length} answers: ${stderr}`)),
    );
    child.stdin.write(`${lines[0]}\n`);
  });
}
