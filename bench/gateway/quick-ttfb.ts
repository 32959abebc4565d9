/**
 * A quick check of one number while working on the request path: TTFB p50 at one stream at a time,
 * for the direct call, the AI SDK pass-through and our server (cache off and on), interleaved, with
 * more samples than the full bench takes at 1 stream. Not a replacement for bench:gateway.
 *
 *   SAMPLES=60 node --import tsx bench/gateway/quick-ttfb.ts
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startLoadClient } from './load-client-process';
import { startStack } from './stack';
import { percentile } from '../support/stats';

const samples = Number(process.env.SAMPLES ?? 40);
const names = (process.env.TARGETS ?? 'direct,AI SDK pass-through,Tokenwise, cache off,Tokenwise,Tokenwise /v1').split(
  /,(?! )/,
);
const tokens = Number(process.env.TOKENS ?? 5);
const words = Array.from({ length: tokens }, (_, index) => `token${index}`).join(' ');
const lastWord = `token${tokens - 1}`;
const scratch = await mkdtemp(path.join(os.tmpdir(), 'tokenwise-quick-ttfb-'));
mkdirSync(path.join(scratch, 'probe'));
const stack = await startStack({
  defaultReply: { text: words, chunkDelayMs: 20 },
  probeDirectory: path.join(scratch, 'probe'),
  dataDirectory: path.join(scratch, 'data'),
});
const client = startLoadClient();
try {
  const targets = stack.targets.filter((target) => names.includes(target.name));
  for (const target of targets)
    await client.run({ request: target.request(lastWord), concurrency: 4, requestsPerWorker: 5 });
  const ttfb = new Map<string, number[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < samples; round++) {
    for (const target of targets) {
      await delay(50);
      const [sample] = await client.run({ request: target.request(lastWord), concurrency: 1, requestsPerWorker: 1 });
      if (sample?.ok) ttfb.get(target.name)!.push(sample.firstTextMs);
    }
  }
  const direct = percentile(ttfb.get('direct') ?? [], 50);
  for (const [name, values] of ttfb) {
    const p50 = percentile(values, 50);
    console.log(
      `${name.padEnd(22)} TTFB p50 ${p50.toFixed(2)} ms, added ${(p50 - direct).toFixed(2)} ms (${values.length} ok)`,
    );
  }
} finally {
  client.stop();
  await stack.stop();
  await rm(scratch, { recursive: true, force: true });
}
