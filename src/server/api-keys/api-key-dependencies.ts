import type { Database } from '../db/database';
import type { ApiKeyHasher } from './api-key-secrets';

/** What the API key services need; built once in server.ts. */
export interface ApiKeyDependencies {
  db: Database;
  hasher: ApiKeyHasher;
}
