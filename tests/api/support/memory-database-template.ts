import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { startMemoryDatabasesFrom } from '../../../src/server/db/database';

// Every in-memory database this test file's servers open starts from the suite's migrated dump
// (global-setup.ts) rather than running initdb and the migrations again.
startMemoryDatabasesFrom(new Blob([await readFile(inject('memoryDatabaseTemplate'))]));
