/** Where a V8 .cpuprofile (what `node --cpu-prof` writes) spent its busy time, by package and function. */
import { readFileSync } from 'node:fs';
import { markdownTable } from '../support/stats';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

const special = new Set(['(idle)', '(garbage collector)', '(program)', '(root)']);

/** "node_modules/@scope/name" or "node_modules/name" becomes the package; our own files their folder. */
function ownerOf(url: string): string {
  if (!url) return '(native / V8)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.startsWith('wasm://')) return '(WebAssembly)';
  if (url.startsWith('node:internal/webstreams')) return 'node core: web streams';
  if (url.startsWith('node:internal/deps/undici')) return 'node core: undici (fetch)';
  if (url.startsWith('node:')) return 'node core: other';
  const source = /\/(src\/.*)$/.exec(url);
  return source ? source[1]!.split('/').slice(0, 3).join('/') : url;
}

const isCode = (owner: string) => !owner.startsWith('(') && !owner.startsWith('node core');

function add(map: Map<string, number>, key: string, ms: number): void {
  map.set(key, (map.get(key) ?? 0) + ms);
}

/**
 * Three views of the busy (non-idle) time: self time by package, the same with Node's, V8's and
 * WebAssembly frames charged to the nearest package (or our code) up the stack that called them
 * (PGlite's PostgreSQL is WebAssembly), and self time by function.
 */
export function summarizeCpuProfile(file: string, top = 20): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const sampleMs = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const callerOwner = (node: ProfileNode | undefined): string | undefined => {
    for (let current = node; current; current = parentOf.get(current.id)) {
      const owner = ownerOf(current.callFrame.url);
      if (isCode(owner)) return owner;
    }
    return undefined;
  };

  let idleMs = 0;
  const byOwner = new Map<string, number>();
  const byCaller = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = (node.hitCount ?? 0) * sampleMs;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') idleMs += ms;
    if (ms === 0 || functionName === '(idle)') continue;
    const owner = special.has(functionName) ? functionName : ownerOf(url);
    add(byOwner, owner, ms);
    add(byCaller, special.has(functionName) || isCode(owner) ? owner : (callerOwner(node) ?? owner), ms);
    add(
      byFunction,
      `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}` : ''}`,
      ms,
    );
  }
  const busyMs = profile.samples.length * sampleMs - idleMs;
  const rows = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((first, second) => second[1] - first[1])
      .slice(0, top)
      .map(([name, ms]) => [name, ms.toFixed(0), ((100 * ms) / busyMs).toFixed(1)]);
  return [
    `Profile ${file}: ${(busyMs / 1000).toFixed(1)} s busy, ${(idleMs / 1000).toFixed(1)} s idle; shares are of the busy time\n`,
    markdownTable(['self time by package / folder', 'ms', '% of busy'], rows(byOwner)),
    '',
    markdownTable(
      ['Node, V8 and WebAssembly frames charged to the package that called them', 'ms', '% of busy'],
      rows(byCaller),
    ),
    '',
    markdownTable(['self time by function', 'ms', '% of busy'], rows(byFunction)),
  ].join('\n');
}
