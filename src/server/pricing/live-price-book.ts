import type { Logger } from 'pino';
import type { PricedModel, TokenPrices } from '../../gateway';
import type { Executor } from '../db/database';
import { createPriceBook, type PriceBook, type PriceVersion } from './price-book';
import { loadPriceVersions } from './price-repository';

export interface LivePriceBookOptions {
  db: Executor;
  logger: Pick<Logger, 'warn'>;
  /** A book older than this is read again in the background while calls go on using it. Defaults to 30 s. */
  maxAgeMs?: number;
}

/**
 * The price book in memory: loaded at start, read again in the background once older than
 * `maxAgeMs` (several instances share the database; a price another instance applied reaches this
 * one within that time), never a database round trip on a call.
 */
export interface LivePriceBook extends PriceBook {
  /** Reads the versions now (at start, and after this instance applied a price change). */
  reload(): Promise<void>;
}

export async function loadLivePriceBook(options: LivePriceBookOptions): Promise<LivePriceBook> {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  let book = createPriceBook([]);
  let readAt = 0;
  let refreshing: Promise<void> | undefined;

  async function reload(): Promise<void> {
    const startedAt = Date.now();
    const versions: PriceVersion[] = await loadPriceVersions(options.db);
    book = createPriceBook(versions);
    readAt = startedAt;
  }

  function refreshIfOld(): void {
    if (refreshing || Date.now() - readAt < maxAgeMs) return;
    refreshing = reload()
      .catch((error: unknown) =>
        options.logger.warn({ err: error }, 'reading the price book failed; the copy held is used'),
      )
      .finally(() => {
        refreshing = undefined;
      });
  }

  await reload();
  return {
    pricesAt(model: PricedModel, at: Date): TokenPrices {
      refreshIfOld();
      return book.pricesAt(model, at);
    },
    latest(modelId) {
      return book.latest(modelId);
    },
    reload,
  };
}
