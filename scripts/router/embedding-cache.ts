import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SentenceEncoder } from '../../src/gateway/embeddings/sentence-encoder';
import { embedInLengthOrder } from '../../src/gateway/routing/length-ordered-embedding';
import { repositoryRoot } from '../support/shared-data-dir';

/**
 * Embeddings of the training texts kept under .tmp/ (gitignored) so that re-running training or
 * evaluation takes seconds instead of minutes. Keyed by the encoder id and a hash of the exact
 * text embedded; deleting the folder only makes the next run slower, never different.
 */
export const defaultEmbeddingCacheDir = path.join(repositoryRoot, '.tmp', 'router-embeddings');

const hashText = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

interface CacheFiles {
  index: string;
  vectors: string;
}

async function loadCache(files: CacheFiles, dimensions: number): Promise<Map<string, Float32Array>> {
  const cache = new Map<string, Float32Array>();
  try {
    const keys = JSON.parse(await readFile(files.index, 'utf8')) as string[];
    const buffer = await readFile(files.vectors);
    const values = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
    if (values.length !== keys.length * dimensions) return cache; // torn write: start over
    keys.forEach((key, row) => {
      cache.set(key, values.slice(row * dimensions, (row + 1) * dimensions));
    });
  } catch {
    // no cache yet
  }
  return cache;
}

async function saveCache(files: CacheFiles, cache: Map<string, Float32Array>, dimensions: number): Promise<void> {
  const keys = [...cache.keys()];
  const values = new Float32Array(keys.length * dimensions);
  keys.forEach((key, row) => {
    values.set(cache.get(key)!, row * dimensions);
  });
  await writeFile(`${files.vectors}.partial`, Buffer.from(values.buffer));
  await writeFile(`${files.index}.partial`, JSON.stringify(keys));
  await rename(`${files.vectors}.partial`, files.vectors);
  await rename(`${files.index}.partial`, files.index);
}

/** Vectors for the texts, in order, embedding only those not cached yet (progress on stderr). */
export async function embedWithCache(
  encoder: SentenceEncoder,
  texts: readonly string[],
  cacheDir = defaultEmbeddingCacheDir,
): Promise<Float32Array[]> {
  await mkdir(cacheDir, { recursive: true });
  const files = {
    index: path.join(cacheDir, `${encoder.id}.keys.json`),
    vectors: path.join(cacheDir, `${encoder.id}.f32`),
  };
  const cache = await loadCache(files, encoder.dimensions);
  const keys = texts.map(hashText);
  const missing = [...new Map(texts.map((text, index) => [keys[index]!, text])).entries()].filter(
    ([key]) => !cache.has(key),
  );
  const chunkSize = 1024;
  const started = performance.now();
  for (let start = 0; start < missing.length; start += chunkSize) {
    const chunk = missing.slice(start, start + chunkSize);
    const vectors = await embedInLengthOrder(
      encoder,
      chunk.map(([, text]) => text),
    );
    chunk.forEach(([key], index) => {
      cache.set(key, vectors[index]!);
    });
    await saveCache(files, cache, encoder.dimensions);
    const done = Math.min(start + chunkSize, missing.length);
    process.stderr.write(
      `embedded ${done}/${missing.length} new texts (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
    );
  }
  return keys.map((key) => cache.get(key)!);
}
