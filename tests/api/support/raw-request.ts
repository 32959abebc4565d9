import { request } from 'node:http';

/**
 * One HTTP request on a connection of its own, its path sent exactly as given ('..', '%zz' and
 * all: fetch would normalise some). A fresh connection each time, because a server may close one
 * after answering early without reading a body, and a reused one then fails on the client's side.
 */
export function rawRequest(
  baseUrl: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; contentType: string; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  const body = options.body === undefined ? undefined : Buffer.from(options.body, 'utf8');
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: hostname,
        port,
        method: options.method,
        path: options.path,
        agent: false,
        headers: { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? '',
            text: Buffer.concat(parts).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
