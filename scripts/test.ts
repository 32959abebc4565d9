/**
 * `npm test`: every test stage in order, with live output, then one closing line `N passed, N failed`
 * totalled from the runners' JSON reports (the line the CI reads).
 *
 *   unit  vitest projects unit + web
 *   api   vitest project api on an in-memory PGlite
 *   pg    vitest project api on a throwaway PostgreSQL server (or TEST_DATABASE_URL when set)
 *   e2e   Playwright in Debian's Chromium
 *
 * `npm test -- --only unit,api` runs a selection. With CI=true a stage that cannot run (no PostgreSQL,
 * no Chromium) is a failure instead of a skip.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tryStartPostgres, type PostgresServer } from './postgres-harness';
import { countPlaywright, countVitest, type TestCounts } from './test-reports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, '.tmp');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const inCi = ['true', '1'].includes(process.env.CI ?? '');
// A stage that hangs is stopped well inside CI's 90-minute limit, leaving time for the stages after it.
const stageTimeoutMs = 35 * 60_000;
const stageNames = ['lint', 'unit', 'api', 'pg', 'e2e'] as const;
type StageName = (typeof stageNames)[number];

interface StageOutcome extends TestCounts {
  title: string;
  skippedReason?: string;
}

const runningChildren = new Set<ChildProcess>();
let postgres: PostgresServer | undefined;
const outcomes: StageOutcome[] = [];

function parseSelection(argv: string[]): Set<StageName> {
  const index = argv.findIndex((argument) => argument === '--only' || argument.startsWith('--only='));
  if (index === -1) return new Set(stageNames);
  const value = argv[index]!.includes('=') ? argv[index]!.split('=')[1] : argv[index + 1];
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !stageNames.includes(name as StageName));
  if (names.length === 0 || unknown.length > 0) {
    console.error(
      `--only takes a comma-separated list of ${stageNames.join(', ')}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`,
    );
    process.exit(2);
  }
  return new Set(names as StageName[]);
}

function banner(text: string): void {
  console.log(`\n=== ${text} ===\n`);
}

/** Runs a command with inherited stdio; resolves with its exit code (a timeout or signal counts as failure). */
function runCommand(command: string, args: string[], environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: environment, stdio: 'inherit' });
    runningChildren.add(child);
    const timer = setTimeout(() => {
      console.error(`\n${path.basename(command)} ran longer than ${stageTimeoutMs / 60_000} minutes; stopping it.`);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }, stageTimeoutMs);
    child.once('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      runningChildren.delete(child);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

async function runVitest(
  title: string,
  projects: string[],
  reportName: string,
  environment: NodeJS.ProcessEnv,
): Promise<StageOutcome> {
  banner(title);
  const reportFile = path.join(reportDir, reportName);
  await rm(reportFile, { force: true });
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  const exitCode = await runCommand(
    bin('vitest'),
    ['run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile=${reportFile}`],
    environment,
  );
  return { title, ...(await countVitest(reportFile, exitCode)) };
}

/**
 * Two checks: Biome's formatter and linter over the tree, warnings included, without writing
 * (`npx biome check --write` fixes what it can); and knip's unused files, dependencies and exports.
 */
async function runLintStage(): Promise<StageOutcome> {
  const title = 'Format, lint and unused code (Biome, knip)';
  banner(title);
  const checks = [
    await runCommand(bin('biome'), ['ci', '--error-on-warnings', '.']),
    await runCommand(bin('knip'), [
      '--no-progress',
      '--include',
      'files,dependencies,unlisted,unresolved,binaries,exports,types',
    ]),
  ];
  const passed = checks.filter((exitCode) => exitCode === 0).length;
  return { title, passed, failed: checks.length - passed, skipped: 0 };
}

/** A stage that cannot run is skipped locally and failed in CI. */
function unavailable(title: string, reason: string, howToFix: string): StageOutcome {
  if (inCi) {
    console.error(`\nFAILED (CI=true): ${title} cannot run: ${reason}. ${howToFix}`);
    return { title, passed: 0, failed: 1, skipped: 0, note: `could not run: ${reason}` };
  }
  console.log(`\n${title} skipped: ${reason}. ${howToFix}`);
  return { title, passed: 0, failed: 0, skipped: 0, skippedReason: reason };
}

function withoutTestDatabase(): NodeJS.ProcessEnv {
  const environment = { ...process.env };
  delete environment.TEST_DATABASE_URL;
  return environment;
}

async function runPostgresStage(): Promise<StageOutcome> {
  const title = 'API tests on PostgreSQL';
  const givenUrl = process.env.TEST_DATABASE_URL;
  if (givenUrl) return runVitest(`${title} (TEST_DATABASE_URL)`, ['api'], 'vitest-pg.json', process.env);
  const started = await tryStartPostgres();
  if (!started.ok)
    return unavailable('PostgreSQL tests', started.reason, 'Install with: apt-get install -y postgresql');
  postgres = started.server;
  console.log(`\nStarted a throwaway PostgreSQL server: ${postgres.url}`);
  try {
    return await runVitest(title, ['api'], 'vitest-pg.json', { ...process.env, TEST_DATABASE_URL: postgres.url });
  } finally {
    await postgres.stop();
    postgres = undefined;
  }
}

async function runBrowserStage(): Promise<StageOutcome> {
  const title = 'Browser tests (Playwright, Chromium)';
  if (!existsSync('/usr/bin/chromium')) {
    return unavailable(
      'Browser tests',
      '/usr/bin/chromium is not installed',
      'Install with: apt-get install -y chromium',
    );
  }
  if (!existsSync(path.join(root, 'playwright.config.ts'))) {
    return unavailable('Browser tests', 'there is no playwright.config.ts', 'Add the Playwright configuration');
  }
  banner(title);
  const reportFile = path.join(reportDir, 'playwright.json');
  await rm(reportFile, { force: true });
  const exitCode = await runCommand(bin('playwright'), ['test', '--reporter=list,json'], {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
  });
  return { title, ...(await countPlaywright(reportFile, exitCode)) };
}

/** Prints each stage and then the closing totals line, which must be the last line printed. */
function printSummary(): number {
  banner('Summary');
  const width = Math.max(...outcomes.map((outcome) => outcome.title.length));
  for (const outcome of outcomes) {
    const counts = outcome.skippedReason
      ? `skipped (${outcome.skippedReason})`
      : `${outcome.passed} passed, ${outcome.failed} failed${outcome.skipped ? `, ${outcome.skipped} skipped` : ''}`;
    console.log(`${outcome.title.padEnd(width)}  ${counts}${outcome.note ? `  [${outcome.note}]` : ''}`);
  }
  const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
  const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed;
}

let interruptedBy: NodeJS.Signals | undefined;

/** Stops the running stage; main() then skips the rest, stops PostgreSQL and prints the totals once. */
function stopOnSignal(signal: NodeJS.Signals): void {
  process.on(signal, () => {
    if (interruptedBy) return;
    interruptedBy = signal;
    console.error(`\n${signal}: stopping the tests.`);
    for (const child of runningChildren) child.kill(signal);
  });
}

async function main(): Promise<void> {
  const selected = parseSelection(process.argv.slice(2));
  stopOnSignal('SIGINT');
  stopOnSignal('SIGTERM');
  await mkdir(reportDir, { recursive: true });
  const stages: [StageName[], () => Promise<StageOutcome | StageOutcome[]>][] = [
    [['lint'], runLintStage],
    [['unit'], () => runVitest('Unit and component tests', ['unit', 'web'], 'vitest-unit.json', process.env)],
    [['api'], () => runVitest('API tests on PGlite', ['api'], 'vitest-api.json', withoutTestDatabase())],
    [['pg'], runPostgresStage],
    [['e2e'], runBrowserStage],
  ];
  for (const [names, runStage] of stages) {
    if (!names.some((name) => selected.has(name)) || interruptedBy) continue;
    outcomes.push(...[await runStage()].flat());
  }
  if (interruptedBy)
    outcomes.push({ title: 'Interrupted', passed: 0, failed: 1, skipped: 0, note: `stopped by ${interruptedBy}` });
  const failed = printSummary();
  process.exitCode = interruptedBy ? (interruptedBy === 'SIGINT' ? 130 : 143) : failed > 0 ? 1 : 0;
}

main().catch(async (error: unknown) => {
  console.error('The test runner itself failed:', error);
  await postgres?.stop();
  outcomes.push({ title: 'Test runner', passed: 0, failed: 1, skipped: 0, note: 'crashed' });
  printSummary();
  process.exitCode = 1;
});
