/** Reads the JSON reports vitest and Playwright write, so `npm test` can total every stage itself. */
import { readFile } from 'node:fs/promises';

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** Why failures were added that the runner did not count as failed tests, if any. */
  note?: string;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { status: string; message?: string; assertionResults?: { status: string }[] }[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
}

async function readReport<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** A file that fails to load has no failed test in it, but it is a failure all the same. */
export async function countVitest(file: string, exitCode: number): Promise<TestCounts> {
  const report = await readReport<VitestReport>(file);
  if (!report) return crashed(exitCode);
  const brokenFiles = (report.testResults ?? []).filter(
    (result) => result.status === 'failed' && !(result.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return withExitCode(
    {
      passed: report.numPassedTests,
      failed: report.numFailedTests + brokenFiles,
      skipped: report.numPendingTests + report.numTodoTests,
      note: brokenFiles > 0 ? `${brokenFiles} test file(s) failed outside any test` : undefined,
    },
    exitCode,
  );
}

/** Flaky tests passed on a retry: they count as passed, and the note says so. */
export async function countPlaywright(file: string, exitCode: number): Promise<TestCounts> {
  const report = await readReport<PlaywrightReport>(file);
  if (!report?.stats) return crashed(exitCode);
  const globalErrors = report.errors?.length ?? 0;
  const { expected, unexpected, flaky, skipped } = report.stats;
  return withExitCode(
    {
      passed: expected + flaky,
      failed: unexpected + globalErrors,
      skipped,
      note:
        [flaky > 0 && `${flaky} flaky (passed on retry)`, globalErrors > 0 && `${globalErrors} error(s) outside tests`]
          .filter(Boolean)
          .join('; ') || undefined,
    },
    exitCode,
  );
}

function crashed(exitCode: number): TestCounts {
  return { passed: 0, failed: 1, skipped: 0, note: `no report written (exit code ${exitCode})` };
}

function withExitCode(counts: TestCounts, exitCode: number): TestCounts {
  if (exitCode === 0 || counts.failed > 0) return counts;
  return { ...counts, failed: 1, note: `exited with code ${exitCode} without a failed test` };
}
