import type { SentenceEncoder } from '../embeddings/sentence-encoder';

/**
 * The encoder's cost grows with text length and every batch is padded to its longest text, so
 * the cache embeds a bounded window of each prompt: the whole of a typical question, and the
 * head and tail of a long one (the task and the final question). What the window leaves out is
 * still compared word by word by the near-miss verifier and the exact tier, which read the whole prompt.
 */
const encoderWindowCharacters = 320;

/** The part of a prompt the sentence encoder reads. */
export function encoderTextFor(prompt: string, maxCharacters = encoderWindowCharacters): string {
  const collapsed = prompt.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (collapsed.length <= maxCharacters) return collapsed;
  const headLength = Math.ceil(maxCharacters * 0.6);
  const head = cutAtSpace(collapsed.slice(0, headLength), 'end');
  const tail = cutAtSpace(collapsed.slice(collapsed.length - (maxCharacters - headLength)), 'start');
  return `${head} … ${tail}`;
}

function cutAtSpace(text: string, side: 'start' | 'end'): string {
  const space = side === 'end' ? text.lastIndexOf(' ') : text.indexOf(' ');
  if (space < 0 || (side === 'end' ? space < text.length / 2 : space > text.length / 2)) return text;
  return side === 'end' ? text.slice(0, space) : text.slice(space + 1);
}

/**
 * Embeds many prompts at once: each distinct window once, shortest first so batches stay even,
 * and returns one vector per prompt in input order.
 */
export async function embedPrompts(encoder: SentenceEncoder, prompts: readonly string[]): Promise<Float32Array[]> {
  const windows = prompts.map((prompt) => encoderTextFor(prompt));
  // An empty prompt has no meaning to embed: a zero vector, similar to nothing.
  const distinct = [...new Set(windows)]
    .filter((window) => window !== '')
    .sort((first, second) => first.length - second.length);
  const vectors = distinct.length > 0 ? await encoder.embed(distinct) : [];
  const byWindow = new Map(distinct.map((window, index) => [window, vectors[index]!]));
  return windows.map((window) => byWindow.get(window) ?? new Float32Array(encoder.dimensions));
}
