import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A model file shipped as parts that are joined in order, and what the result must be. */
export interface ModelFileSpec {
  /** File name of the joined model inside the cache directory. */
  fileName: string;
  /** Absolute paths of the parts, in order. */
  partPaths: readonly string[];
  /** Size of the joined file in bytes. */
  size: number;
  /** Lower-case hex SHA-256 of the joined file. */
  sha256: string;
}

/** What the marker beside a verified model file records. */
interface VerifiedMarker {
  sha256: string;
  size: number;
  modifiedAtMs: number;
}

// A crashed assembly leaves a temp file of the model's size behind; one this old is not being written.
const abandonedTempAgeMs = 10 * 60 * 1000;

/**
 * Returns the path of the joined model in `cacheDirectory`, assembling it first when it is
 * missing or not the file the spec describes. The hash is checked once: a marker file records
 * it with the file's size and modification time, so later starts only `stat` the file. The
 * joined file appears atomically (written to a temp file, checked, then renamed).
 */
export async function ensureModelFile(spec: ModelFileSpec, cacheDirectory: string): Promise<string> {
  const modelPath = join(cacheDirectory, spec.fileName);
  const markerPath = `${modelPath}.verified.json`;
  const existing = await stat(modelPath).catch(() => undefined);
  if (existing?.size === spec.size) {
    if (await markerMatches(markerPath, spec, existing.mtimeMs)) return modelPath;
    // The marker is missing or stale (e.g. a crash right after the rename): hashing is cheaper than copying.
    if ((await hashFile(modelPath)) === spec.sha256) {
      await writeMarker(markerPath, spec, existing.mtimeMs);
      return modelPath;
    }
  }
  await mkdir(cacheDirectory, { recursive: true });
  await removeAbandonedTempFiles(cacheDirectory, spec.fileName);
  await assemble(spec, cacheDirectory, modelPath);
  const assembled = await stat(modelPath);
  await writeMarker(markerPath, spec, assembled.mtimeMs);
  return modelPath;
}

async function assemble(spec: ModelFileSpec, directory: string, modelPath: string): Promise<void> {
  const partSizes = await Promise.all(spec.partPaths.map(async (partPath) => (await stat(partPath)).size));
  const totalSize = partSizes.reduce((sum, size) => sum + size, 0);
  if (totalSize !== spec.size) {
    throw new Error(`The model parts of ${spec.fileName} add up to ${totalSize} bytes, expected ${spec.size}`);
  }
  const tempPath = join(directory, `${tempPrefix(spec.fileName)}${randomUUID()}`);
  const hash = createHash('sha256');
  const output = await open(tempPath, 'wx');
  try {
    for (const partPath of spec.partPaths) {
      for await (const chunk of createReadStream(partPath) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        await output.write(chunk);
      }
    }
    await output.sync();
    await output.close();
    const digest = hash.digest('hex');
    if (digest !== spec.sha256) {
      throw new Error(`The assembled ${spec.fileName} has sha256 ${digest}, expected ${spec.sha256}`);
    }
    await rename(tempPath, modelPath);
  } catch (error) {
    await output.close().catch(() => {});
    await rm(tempPath, { force: true });
    throw error;
  }
}

async function markerMatches(markerPath: string, spec: ModelFileSpec, modifiedAtMs: number): Promise<boolean> {
  try {
    const marker = JSON.parse(await readFile(markerPath, 'utf8')) as Partial<VerifiedMarker>;
    return (
      marker.sha256 === spec.sha256 && marker.size === spec.size && marker.modifiedAtMs === Math.trunc(modifiedAtMs)
    );
  } catch {
    return false;
  }
}

async function writeMarker(markerPath: string, spec: ModelFileSpec, modifiedAtMs: number): Promise<void> {
  // Whole milliseconds: sub-millisecond times do not survive every copy or filesystem.
  const marker: VerifiedMarker = { sha256: spec.sha256, size: spec.size, modifiedAtMs: Math.trunc(modifiedAtMs) };
  const tempPath = `${markerPath}.${randomUUID()}.tmp`;
  await writeFile(tempPath, `${JSON.stringify(marker)}\n`);
  await rename(tempPath, markerPath);
}

/** SHA-256 of a file, as lower-case hex. */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

async function removeAbandonedTempFiles(directory: string, fileName: string): Promise<void> {
  const prefix = tempPrefix(fileName);
  const names = (await readdir(directory)).filter((name) => name.startsWith(prefix));
  await Promise.all(
    names.map(async (name) => {
      const path = join(directory, name);
      const info = await stat(path).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > abandonedTempAgeMs) await rm(path, { force: true });
    }),
  );
}

function tempPrefix(fileName: string): string {
  return `.${fileName}.assembling-`;
}
