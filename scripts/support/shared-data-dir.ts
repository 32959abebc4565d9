import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file sits in scripts/support/). */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The folder of third-party evaluation data (router and cache benchmarks). It is read in place and
 * never copied into the repository: `TOKENWISE_DATA_DIR` when set, otherwise `../shared/data`
 * next to the repository root.
 */
export function resolveSharedDataDir(environment: NodeJS.ProcessEnv = process.env): string {
  const override = environment.TOKENWISE_DATA_DIR?.trim();
  if (override) return path.resolve(repositoryRoot, override);
  return path.resolve(repositoryRoot, '..', 'shared', 'data');
}
