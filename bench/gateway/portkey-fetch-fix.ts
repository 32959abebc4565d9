/**
 * Preloaded into the Portkey gateway's process (`node --import tsx --import <this file>`): makes
 * the headers of `fetch` responses mutable, which its streaming path needs on Node.
 *
 * Why: Portkey rebuilds a streamed upstream response as `new Response(stream, upstreamResponse)`
 * and then appends its x-portkey-* headers. The lightweight Response of the @hono/node-server 1.x
 * it bundles keeps `upstreamResponse.headers` itself, and a fetch response's Headers carry the
 * "immutable" guard, so the append throws `TypeError: immutable` and the request answers 500.
 * (Portkey-AI/gateway#1550; fixed on the node-server side in honojs/node-server#382, 2.x.)
 * Copying the headers here costs one Headers copy per upstream call.
 */
const originalFetch = globalThis.fetch;
// Captured before @hono/node-server replaces global.Response with its lightweight class.
const NativeResponse = globalThis.Response;

globalThis.fetch = async (input, init) => {
  const response = await originalFetch(input, init);
  return new NativeResponse(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: new Headers(response.headers),
  });
};
