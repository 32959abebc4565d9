import type { Logger } from 'pino';
import type { PricedModel } from '../../gateway';
import type { Database } from '../db/database';
import { applyPricesFile } from './apply-prices-file';
import { loadLivePriceBook, type LivePriceBook } from './live-price-book';

/**
 * The price book of a starting instance: the operator's prices file (PRICES_FILE) applied first,
 * when there is one (its changes become new versions; a refused file stops the start with the
 * reasons), then every version read into memory.
 */
export async function startPriceBook(options: {
  db: Database;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Every model the instance offers (chat and embedding): the models a prices file may price. */
  models: readonly PricedModel[];
  pricesFile?: string;
  refreshMs?: number;
}): Promise<LivePriceBook> {
  if (options.pricesFile) {
    const added = await applyPricesFile(
      options.db,
      options.pricesFile,
      new Set(options.models.map((model) => model.id)),
    );
    for (const version of added)
      options.logger.info(
        { modelId: version.modelId, version: version.version, effectiveFrom: version.effectiveFrom.toISOString() },
        'price version added from the prices file',
      );
  }
  return loadLivePriceBook({ db: options.db, logger: options.logger, refreshMs: options.refreshMs });
}
