/**
 * `npm test`: every test stage, with live output, then one closing line `N passed, N failed`
 * totalled from the runners' JSON reports (the line the CI reads).
 *
 * The two API stages run at the same time: their tests mostly wait on servers, sockets and the
 * database (one stage alone keeps a 2-core machine at a load of about 1.5), so together they take
 * little longer than the slower one. The PostgreSQL stage's output is kept in a file and printed
 * whole once the PGlite stage's live output is done, so the two never interleave.
 *
 * The CPU-ratio check runs beside the lint stage, its output printed after lint's: its first
 * 40-90 s (server start, warm-up) measure nothing and overlap lint, which has ended by the time
 * its measured batches run (measured 2026-12-01), and the unit stage starts after it, so nothing
 * else of ours shares the two cores with those batches.
 *
 *   lint   Biome, knip
 *   bench  the gateway bench's CPU-ratio check (bench/gateway-cpu-ratio.ts): one check
 *   unit   vitest projects unit + web
 *   api    vitest project api on an in-memory PGlite
 *   pg     vitest project api on a throwaway PostgreSQL server (or TEST_DATABASE_URL when set)
 *   e2e    Playwright in Debian's Chromium
 *
 * `npm test -- --only unit,api` runs a selection. With CI=true a stage that cannot run (no PostgreSQL,
 * no Chromium, no Linux /proc for the CPU check) is a failure instead of a skip.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
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
const stageNames = ['lint', 'bench', 'unit', 'api', 'pg', 'e2e'] as const;
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

/**
 * Runs a command with inherited stdio, or its output into `outputFile`; resolves with its exit code
 * (a timeout or signal counts as failure).
 */
function runCommand(
  command: string,
  args: string[],
  environment: NodeJS.ProcessEnv = process.env,
  outputFile?: string,
): Promise<number> {
  return new Promise((resolve) => {
    const output = outputFile === undefined ? undefined : openSync(outputFile, 'w');
    const stdio: StdioOptions = output === undefined ? 'inherit' : ['ignore', output, output];
    const child: ChildProcess = spawn(command, args, { cwd: root, env: environment, stdio });
    if (output !== undefined) closeSync(output);
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

/** Where a stage that runs beside another writes its output until it can be printed. */
type Output = { live: true } | { live: false; printAfter: Promise<unknown> };
const liveOutput: Output = { live: true };

async function runVitest(
  title: string,
  projects: string[],
  reportName: string,
  environment: NodeJS.ProcessEnv,
  output: Output = liveOutput,
): Promise<StageOutcome> {
  if (output.live) banner(title);
  const reportFile = path.join(reportDir, reportName);
  const outputFile = output.live ? undefined : path.join(reportDir, reportName.replace(/\.json$/, '.log'));
  await rm(reportFile, { force: true });
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  const exitCode = await runCommand(
    bin('vitest'),
    ['run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile=${reportFile}`],
    environment,
    outputFile,
  );
  if (!output.live && outputFile) {
    await output.printAfter;
    banner(title);
    process.stdout.write(await readFile(outputFile, 'utf8'));
  }
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

// bench/gateway-cpu-ratio.ts's exit codes besides 0 (passed).
const cpuRatioOutcomes: Record<number, string> = {
  1: 'a CPU ratio grew more than 25% over its baseline',
  2: 'could not measure',
};
const cpuRatioCannotRun = 3;

/**
 * One check: our server's CPU per request over the AI SDK pass-through's, against the committed
 * baseline (docs/benchmarks/gateway.md). It prints its own verdict lines.
 */
async function runCpuRatioStage(output: Output = liveOutput): Promise<StageOutcome> {
  const title = 'Gateway CPU per request against the AI SDK pass-through (bench:cpu-ratio)';
  if (output.live) banner(title);
  const outputFile = output.live ? undefined : path.join(reportDir, 'bench-cpu-ratio.log');
  const exitCode = await runCommand(
    process.execPath,
    ['--import', 'tsx', 'bench/gateway-cpu-ratio.ts'],
    process.env,
    outputFile,
  );
  if (!output.live && outputFile) {
    await output.printAfter;
    banner(title);
    process.stdout.write(await readFile(outputFile, 'utf8'));
  }
  if (exitCode === cpuRatioCannotRun)
    return unavailable('CPU-ratio check', 'it reads CPU time from Linux /proc', 'Run it on Linux');
  if (exitCode === 0) return { title, passed: 1, failed: 0, skipped: 0 };
  return { title, passed: 0, failed: 1, skipped: 0, note: cpuRatioOutcomes[exitCode] ?? `exit code ${exitCode}` };
}

/** The lint stage and the CPU-ratio check side by side, lint's output live and the check's after it. */
async function runLintAndCpuRatioStages(selected: Set<StageName>): Promise<StageOutcome[]> {
  const lint = selected.has('lint') ? runLintStage() : undefined;
  const cpuRatio = selected.has('bench')
    ? runCpuRatioStage(lint ? { live: false, printAfter: lint } : liveOutput)
    : undefined;
  return (await Promise.all([lint, cpuRatio])).filter((outcome) => outcome !== undefined);
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

async function runPostgresStage(output: Output = liveOutput): Promise<StageOutcome> {
  const title = 'API tests on PostgreSQL';
  const givenUrl = process.env.TEST_DATABASE_URL;
  if (givenUrl) return runVitest(`${title} (TEST_DATABASE_URL)`, ['api'], 'vitest-pg.json', process.env, output);
  const started = await tryStartPostgres();
  if (!started.ok)
    return unavailable('PostgreSQL tests', started.reason, 'Install with: apt-get install -y postgresql');
  postgres = started.server;
  console.log(`\nStarted a throwaway PostgreSQL server for the PostgreSQL stage: ${postgres.url}`);
  try {
    return await runVitest(
      title,
      ['api'],
      'vitest-pg.json',
      { ...process.env, TEST_DATABASE_URL: postgres.url },
      output,
    );
  } finally {
    await postgres.stop();
    postgres = undefined;
  }
}

/** The PGlite and PostgreSQL API stages side by side, PGlite's output live and PostgreSQL's after it. */
async function runApiStages(selected: Set<StageName>): Promise<StageOutcome[]> {
  const pglite = selected.has('api')
    ? runVitest('API tests on PGlite', ['api'], 'vitest-api.json', withoutTestDatabase())
    : undefined;
  const postgresStage = selected.has('pg')
    ? runPostgresStage(pglite ? { live: false, printAfter: pglite } : liveOutput)
    : undefined;
  return (await Promise.all([pglite, postgresStage])).filter((outcome) => outcome !== undefined);
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
    [['lint', 'bench'], () => runLintAndCpuRatioStages(selected)],
    [['unit'], () => runVitest('Unit and component tests', ['unit', 'web'], 'vitest-unit.json', process.env)],
    [['api', 'pg'], () => runApiStages(selected)],
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
