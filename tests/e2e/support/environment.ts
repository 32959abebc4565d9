import path from 'node:path';

/** One server for the whole run, on a fixed port, with its own fresh data directory. */
export const e2ePort = 4173;
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
export const e2eDataDir = path.resolve('.tmp/e2e-data');
export const e2eOutboxDir = path.join(e2eDataDir, 'outbox');
