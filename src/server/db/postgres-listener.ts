import pg from 'pg';
import type { ChangeListenerHandlers } from './change-listener';

/** How the one listening connection keeps itself honest: deadlines and the check it runs while idle. */
const connectTimeoutMs = 10_000;
const statementTimeoutMs = 5_000;
const pingEveryMs = 10_000;
const firstRetryMs = 250;
const longestRetryMs = 30_000;

/**
 * One connection of its own that LISTENs on `channel` (a pool's connections come and go, and a
 * LISTEN lives and dies with its connection). Any failure of it, a failed ping included, is `lost`:
 * notifications sent meanwhile are gone, so the owner must forget what it holds. It reconnects with
 * a growing delay and says `connected` once it listens again.
 */
export function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  handlers: ChangeListenerHandlers,
): { ready: Promise<void>; close(): Promise<void> } {
  let current: pg.Client | undefined;
  let closed = false;
  let retryDelayMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  let firstConnected: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    firstConnected = resolve;
  });

  function drop(client: pg.Client, dropped: { done: boolean }): void {
    if (dropped.done) return;
    dropped.done = true;
    if (current === client) {
      current = undefined;
      clearInterval(pingTimer);
      handlers.lost();
    }
    client.end().catch(() => {});
    if (!closed && !retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        void connect();
      }, retryDelayMs);
      retryTimer.unref();
      retryDelayMs = Math.min(longestRetryMs, retryDelayMs * 2);
    }
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'tokenwise-caller-state',
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: statementTimeoutMs,
      keepAlive: true,
    });
    const dropped = { done: false };
    client.on('error', () => drop(client, dropped));
    client.on('end', () => drop(client, dropped));
    client.on('notification', (notification) => {
      if (notification.channel === channel && current === client) handlers.notified(notification.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      drop(client, dropped);
      return;
    }
    if (closed || dropped.done) {
      drop(client, dropped);
      return;
    }
    current = client;
    retryDelayMs = firstRetryMs;
    handlers.connected();
    firstConnected();
    pingTimer = setInterval(() => {
      client.query('select 1').catch(() => drop(client, dropped));
    }, pingEveryMs);
    pingTimer.unref();
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
