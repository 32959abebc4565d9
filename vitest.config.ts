import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// Tests of several server instances on one database: only a PostgreSQL server can be shared
// (PGlite's data folder belongs to one process), so they run in the PostgreSQL stage only.
const postgresOnlyApiTests = [
  'tests/api/reply-owners.test.ts',
  'tests/api/admin-changes-across-instances.test.ts',
  'tests/api/chat-limits-instances.test.ts',
  'tests/api/auth-across-instances.test.ts',
  'tests/api/api-keys-across-instances.test.ts',
  'tests/api/three-instances-behind-nginx.test.ts',
  'tests/api/caller-state-across-instances.test.ts',
  'tests/api/caller-state-own-writes.test.ts',
  'tests/api/first-byte-after-usage-record.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // bench/: the pure parts of the benchmarks' checks (e.g. the CPU-ratio check's comparison).
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['src/web/**'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@contracts': fileURLToPath(new URL('./src/contracts', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          // A screen's journey in jsdom takes 1-3 s on an idle machine and several times that on a
          // loaded 2-core CI runner; vitest's 5 s default failed whole journeys there.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? [] : postgresOnlyApiTests,
          environment: 'node',
          globalSetup: ['tests/api/support/global-setup.ts'],
          setupFiles: ['tests/api/support/memory-database-template.ts'],
          // Generous: these start servers, run migrations and hash passwords on a loaded 2-core CI machine.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
