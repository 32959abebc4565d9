/**
 * Time from start to ready (GET /api/readyz answers 200) on an installed checkout.
 *
 *   npm run bench:startup            # 5 runs per scenario
 *   RUNS=10 npm run bench:startup
 *
 * Scenarios: the server process on a fresh DATA_DIR (creates the embedded database and runs the
 * migrations) and on an existing one (a restart); the same two through `npm start`, which adds npm
 * itself and the web-build freshness check (the web build is made once beforehand, untimed).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot, startServerProcess } from './support/server-process';
import { describeLoad, describeMachine, formatNumber, markdownTable, median } from './support/stats';

const runs = Number(process.env.RUNS ?? 5);

interface Scenario {
  name: string;
  launcher: 'node' | 'npm';
  freshDataDir: boolean;
  readyMs: number[];
  serverMs: number[];
  rssMib: number[];
}

const scenarios: Scenario[] = [
  {
    name: '`node --import tsx src/server/main.ts`, fresh DATA_DIR (first start)',
    launcher: 'node',
    freshDataDir: true,
  },
  {
    name: '`node --import tsx src/server/main.ts`, existing DATA_DIR (restart)',
    launcher: 'node',
    freshDataDir: false,
  },
  { name: '`npm start`, fresh DATA_DIR (first start)', launcher: 'npm', freshDataDir: true },
  { name: '`npm start`, existing DATA_DIR (restart)', launcher: 'npm', freshDataDir: false },
].map((scenario) => ({
  ...scenario,
  launcher: scenario.launcher as 'node' | 'npm',
  readyMs: [],
  serverMs: [],
  rssMib: [],
}));

async function measure(scenario: Scenario, dataDir: string): Promise<void> {
  const server = await startServerProcess({ dataDir, launcher: scenario.launcher });
  await server.stop();
  scenario.readyMs.push(server.readyMs);
  if (server.serverReportedMs !== undefined) scenario.serverMs.push(server.serverReportedMs);
  if (server.rssMib !== undefined) scenario.rssMib.push(server.rssMib);
  console.error(`  ${scenario.name}: ${server.readyMs.toFixed(0)} ms`);
}

async function main(): Promise<void> {
  console.error('Making sure the web build is current (untimed)...');
  // Its output goes to stderr: stdout is the report.
  spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: projectRoot, stdio: ['ignore', 2, 2] });
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'tokenwise-startup-'));
  const loadBefore = describeLoad();
  try {
    console.error('Warm-up start (untimed: fills the operating system file cache)...');
    await (await startServerProcess({ dataDir: path.join(scratch, 'warm-up') })).stop();

    for (let run = 1; run <= runs; run++) {
      console.error(`Run ${run}/${runs}`);
      for (const launcher of ['node', 'npm'] as const) {
        // The restart reuses the folder the first start of the same run created.
        const dataDir = path.join(scratch, `${launcher}-${run}`);
        for (const scenario of scenarios.filter((candidate) => candidate.launcher === launcher)) {
          await measure(scenario, dataDir);
        }
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }

  const rows = scenarios.map((scenario) => [
    scenario.name,
    scenario.readyMs.length,
    formatNumber(median(scenario.readyMs)),
    formatNumber(Math.min(...scenario.readyMs)),
    formatNumber(Math.max(...scenario.readyMs)),
    scenario.serverMs.length ? formatNumber(median(scenario.serverMs)) : '-',
    scenario.rssMib.length ? formatNumber(median(scenario.rssMib)) : '-',
  ]);
  console.log(`Startup to ready (GET /api/readyz = 200), ${new Date().toISOString()}`);
  console.log(`Machine: ${describeMachine()}`);
  console.log(`Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${describeLoad()}\n`);
  console.log(
    markdownTable(
      ['scenario', 'runs', 'median ms', 'min ms', 'max ms', 'inside startServer, median ms', 'RSS at ready, MiB'],
      rows,
    ),
  );
}

await main();
