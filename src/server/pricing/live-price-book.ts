import type { Logger } from 'pino';
import type { PricedModel, TokenPrices } from '../../gateway';
import type { Executor } from '../db/database';
import { createPriceBook, type PriceBook } from './price-book';
import { loadPriceVersions } from './price-repository';

interface LivePriceBookOptions {
  db: Executor;
  logger: Pick<Logger, 'warn'>;
  /** How often the versions are read again in the background. Defaults to 30 s. */
  refreshMs?: number;
}

/**
 * The price book in memory: loaded at start and read again every `refreshMs` in the background
 * (several instances share the database: a price another instance or the operator's command added
 * reaches this one within that time), never a database round trip on a call. A failed reading
 * keeps the copy held.
 */
export interface LivePriceBook extends PriceBook {
  /** Reads the versions now. */
  reload(): Promise<void>;
  stop(): void;
}

export async function loadLivePriceBook(options: LivePriceBookOptions): Promise<LivePriceBook> {
  let book = createPriceBook(await loadPriceVersions(options.db));
  let reading: Promise<void> | undefined;

  function reload(): Promise<void> {
    reading ??= loadPriceVersions(options.db)
      .then((versions) => {
        book = createPriceBook(versions);
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  const timer = setInterval(() => {
    reload().catch((error: unknown) =>
      options.logger.warn({ err: error }, 'reading the price book failed; the copy held is used'),
    );
  }, options.refreshMs ?? 30_000);
  timer.unref();
  return {
    pricesAt: (model: PricedModel, at: Date): TokenPrices => book.pricesAt(model, at),
    latest: (modelId) => book.latest(modelId),
    reload,
    stop: () => clearInterval(timer),
  };
}
