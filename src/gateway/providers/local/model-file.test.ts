import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failOnConsoleOutput } from '../../testing/fail-on-console-output';
import { resolveLocalModelFile } from './bundled-model';
import { ensureModelFile, hashFile, type ModelFileSpec } from './model-file';

failOnConsoleOutput();

let workDirectory: string;
let cacheDirectory: string;
let parts: Buffer[];
let spec: ModelFileSpec;

beforeEach(async () => {
  workDirectory = await mkdtemp(join(tmpdir(), 'model-file-'));
  cacheDirectory = join(workDirectory, 'data', 'models');
  // Sizes that do not line up with read-stream chunks, so joining at part boundaries is exercised.
  parts = [randomBytes(70_001), randomBytes(3), randomBytes(65_536 + 17)];
  const partPaths = await Promise.all(
    parts.map(async (content, index) => {
      const packageDirectory = join(workDirectory, `part${index + 1}`);
      await mkdir(packageDirectory);
      await writeFile(join(packageDirectory, 'model.part'), content);
      return join(packageDirectory, 'model.part');
    }),
  );
  const joined = Buffer.concat(parts);
  spec = {
    fileName: 'small.gguf',
    partPaths,
    size: joined.length,
    sha256: createHash('sha256').update(joined).digest('hex'),
  };
});

afterEach(async () => {
  await rm(workDirectory, { recursive: true, force: true });
});

async function removeParts(): Promise<void> {
  await Promise.all(spec.partPaths.map((partPath) => rm(partPath)));
}

describe('ensureModelFile', () => {
  it('joins the parts in order into the cache directory, creating it', async () => {
    const modelPath = await ensureModelFile(spec, cacheDirectory);
    expect(modelPath).toBe(join(cacheDirectory, 'small.gguf'));
    expect((await readFile(modelPath)).equals(Buffer.concat(parts))).toBe(true);
    expect(await readdir(cacheDirectory)).toEqual(['small.gguf', 'small.gguf.verified.json']);
  });

  it('reuses a verified file from its marker without reading it again', async () => {
    const modelPath = await ensureModelFile(spec, cacheDirectory);
    // A whole second survives utimes exactly; the first call's sub-millisecond time would not.
    const verifiedAt = Math.floor(Date.now() / 1000) - 60;
    await utimes(modelPath, verifiedAt, verifiedAt);
    await ensureModelFile(spec, cacheDirectory);
    // Same size and modification time but different bytes: only a re-hash could notice.
    await writeFile(modelPath, Buffer.alloc(spec.size));
    await utimes(modelPath, verifiedAt, verifiedAt);
    await removeParts();
    expect(await ensureModelFile(spec, cacheDirectory)).toBe(modelPath);
    expect((await readFile(modelPath)).equals(Buffer.alloc(spec.size))).toBe(true);
  });

  it('hashes an existing file once when its marker is missing, without assembling again', async () => {
    const modelPath = await ensureModelFile(spec, cacheDirectory);
    await rm(`${modelPath}.verified.json`);
    await removeParts();
    expect(await ensureModelFile(spec, cacheDirectory)).toBe(modelPath);
    const marker = JSON.parse(await readFile(`${modelPath}.verified.json`, 'utf8')) as { sha256: string };
    expect(marker.sha256).toBe(spec.sha256);
  });

  it.each([
    ['is truncated', (modelPath: string) => truncate(modelPath, 10)],
    [
      'was changed after it was verified',
      async (modelPath: string) => {
        await writeFile(modelPath, Buffer.alloc(spec.size));
        // Within the same millisecond as the assembly the time alone would not show the change.
        const later = new Date(Date.now() + 5_000);
        await utimes(modelPath, later, later);
      },
    ],
  ])('assembles again when the file %s', async (_case, damage) => {
    const modelPath = await ensureModelFile(spec, cacheDirectory);
    await damage(modelPath);
    await ensureModelFile(spec, cacheDirectory);
    expect(await hashFile(modelPath)).toBe(spec.sha256);
  });

  it('refuses parts whose joined hash is wrong and leaves no file behind', async () => {
    const wrongHash = { ...spec, sha256: '0'.repeat(64) };
    await expect(ensureModelFile(wrongHash, cacheDirectory)).rejects.toThrow(/has sha256 [0-9a-f]{64}, expected 0{64}/);
    expect(await readdir(cacheDirectory)).toEqual([]);
  });

  it('refuses parts of the wrong total size before writing anything', async () => {
    await expect(ensureModelFile({ ...spec, size: spec.size + 1 }, cacheDirectory)).rejects.toThrow(
      /add up to \d+ bytes, expected/,
    );
    expect(await readdir(cacheDirectory)).toEqual([]);
  });

  it('removes temp files of an assembly that crashed long ago, not of one in progress', async () => {
    await mkdir(cacheDirectory, { recursive: true });
    const abandoned = join(cacheDirectory, '.small.gguf.assembling-old');
    const inProgress = join(cacheDirectory, '.small.gguf.assembling-new');
    await writeFile(abandoned, 'x');
    await writeFile(inProgress, 'x');
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(abandoned, anHourAgo, anHourAgo);
    await ensureModelFile(spec, cacheDirectory);
    expect((await readdir(cacheDirectory)).sort()).toEqual([
      '.small.gguf.assembling-new',
      'small.gguf',
      'small.gguf.verified.json',
    ]);
  });
});

describe('resolveLocalModelFile', () => {
  it('assembles the bundled TinyLlama packages into the GGUF of the published size and sha256', {
    timeout: 60_000,
  }, async () => {
    const modelPath = await resolveLocalModelFile({ cacheDirectory });
    expect(modelPath).toBe(join(cacheDirectory, 'tinyllama-1.1b-chat-v1.0-iq2_xxs.gguf'));
    expect((await stat(modelPath)).size).toBe(322_591_712);
    expect(await hashFile(modelPath)).toBe('9ee11adf737960ff06123d5c4fba24d12c5b05ba460a7afa88950fbf2b61add0');
    const file = await open(modelPath);
    const { buffer } = await file.read({ buffer: Buffer.alloc(4), position: 0 });
    await file.close();
    expect(buffer.toString('latin1')).toBe('GGUF');
  });

  it('uses a configured model file as it is, without assembling anything', async () => {
    const customPath = spec.partPaths[0]!;
    expect(await resolveLocalModelFile({ cacheDirectory, modelPath: customPath })).toBe(customPath);
    await expect(stat(cacheDirectory)).rejects.toThrow(/ENOENT/);
  });

  it('names a configured model file that does not exist', async () => {
    const missing = join(workDirectory, 'missing.gguf');
    await expect(resolveLocalModelFile({ cacheDirectory, modelPath: missing })).rejects.toThrow(
      `The local model file ${missing} does not exist`,
    );
  });
});
