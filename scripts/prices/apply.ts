// `npm run prices:apply -- <file>`: adds the changed prices of a prices file to the price book of the
// database the instance's configuration names (DATABASE_URL, or DATA_DIR's PGlite while no server
// holds it). Running instances read the new versions within 30 s (docs/decisions/071).
import path from 'node:path';
import { embeddingModelCatalog, modelCatalog } from '../../src/gateway';
import { ConfigError, loadConfig } from '../../src/server/config/config';
import { openDatabase } from '../../src/server/db/database';
import { applyPricesFile } from '../../src/server/pricing/apply-prices-file';
import { PricesFileError } from '../../src/server/pricing/prices-file';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run prices:apply -- <prices.json>');
  process.exit(2);
}

try {
  const config = loadConfig();
  const models = [
    ...modelCatalog,
    ...config.openAiCompatibleModels,
    ...embeddingModelCatalog,
    ...config.openAiCompatibleEmbeddingModels,
  ];
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const added = await applyPricesFile(database.db, file, new Set(models.map((model) => model.id)));
    if (added.length === 0) console.log('No price changed: every entry is already in the price book.');
    for (const version of added)
      console.log(`${version.modelId}: version ${version.version} from ${version.effectiveFrom.toISOString()}`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof PricesFileError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
