import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { urlToHttpOptions } from 'node:url';
import { AddressRefusedError, type AddressPolicy } from './address-policy';
import { addressesOf, hostOf, type ResolvedAddress, type ResolveHost } from './host-addresses';

export interface GuardedFetchOptions {
  policy: AddressPolicy;
  resolve: ResolveHost;
  /** A connection silent this long is closed; Node's fetch (undici) waits 300 s for headers and for each body part. */
  idleTimeoutMs?: number;
}

/**
 * A fetch (for the AI SDK's `fetch` option) that connects only where the policy allows: the host is
 * resolved just before connecting and the connection goes to an address from that same answer, so
 * a name that changes its answer between a check and the call (DNS rebinding) cannot slip
 * through; if any of its addresses is refused, nothing is connected and nothing sent. Redirects
 * are returned, never followed.
 *
 * Built on node:http because Node's own fetch offers no hook at connection time without the
 * undici package. Failures look like fetch's own (a TypeError 'fetch failed' whose cause says
 * why), which the AI SDK turns into its connection errors.
 */
export function createGuardedFetch(options: GuardedFetchOptions): typeof globalThis.fetch {
  const lookup = guardedLookup(options);
  const agents = {
    'http:': new http.Agent({ keepAlive: true, lookup }),
    'https:': new https.Agent({ keepAlive: true, lookup }),
  };

  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError('fetch failed', { cause: new Error(`Only http and https URLs are allowed, not ${url.protocol}`) });
    }
    // Node connects to an IP literal without any lookup, so a literal is checked here.
    const host = hostOf(url);
    const refusal = isIP(host) === 0 ? undefined : options.policy.refusalFor(host);
    if (refusal) throw new TypeError('fetch failed', { cause: new AddressRefusedError(host, host, refusal) });
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return send(url, request, body, agents[url.protocol], options.idleTimeoutMs ?? 300_000);
  };
}

function guardedLookup({ policy, resolve }: GuardedFetchOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
    addressesOf(hostname, resolve).then(
      (addresses) => {
        for (const { address } of addresses) {
          const refusal = policy.refusalFor(address);
          if (refusal) return callback(new AddressRefusedError(hostname, address, refusal), '', 0);
        }
        const usable: ResolvedAddress[] = family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
        const [first] = usable;
        if (!first) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }), '', 0);
        if (lookupOptions.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function send(url: URL, request: Request, body: Buffer | undefined, agent: http.Agent, idleTimeoutMs: number): Promise<Response> {
  const { signal } = request;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const headers: Record<string, string> = { 'accept-encoding': 'identity', ...Object.fromEntries(request.headers) };
    if (body) headers['content-length'] = String(body.length);
    const outgoing = (url.protocol === 'https:' ? https : http).request({ ...urlToHttpOptions(url), method: request.method, headers, agent });
    let incoming: IncomingMessage | undefined;
    const abort = () => (incoming ? incoming.destroy(signal.reason) : outgoing.destroy(signal.reason));
    signal.addEventListener('abort', abort, { once: true });
    outgoing.setTimeout(idleTimeoutMs, () => {
      const silence = Object.assign(new Error(`${url.host} sent nothing for ${idleTimeoutMs} ms`), { code: 'ETIMEDOUT' });
      if (incoming) incoming.destroy(silence);
      else outgoing.destroy(silence);
    });
    outgoing.on('error', (error) => {
      signal.removeEventListener('abort', abort);
      reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: error }));
    });
    outgoing.on('response', (response) => {
      incoming = response;
      response.once('close', () => signal.removeEventListener('abort', abort));
      try {
        resolve(toResponse(response, request.method));
      } catch (error) {
        response.destroy();
        reject(new TypeError('fetch failed', { cause: error }));
      }
    });
    outgoing.end(body);
  });
}

const statusesWithoutBody = new Set([101, 204, 205, 304]);

function toResponse(incoming: IncomingMessage, method: string): Response {
  const status = incoming.statusCode ?? 0;
  const headers = new Headers();
  for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
    headers.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
  }
  const withoutBody = statusesWithoutBody.has(status) || method === 'HEAD';
  if (withoutBody) incoming.resume();
  const body = withoutBody ? null : (Readable.toWeb(incoming) as NodeReadableStream<Uint8Array> as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: incoming.statusMessage, headers });
}
