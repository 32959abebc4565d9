import { parentPort } from 'node:worker_threads';
import { createLocalSentenceEncoder } from './local-sentence-encoder';

/** One thread of the worker-pool encoder: embeds the batches it is sent with its own copy of the model. */
interface EmbedJob {
  jobId: number;
  texts: string[];
}

/** Texts per model run when jobs wait: the encoder's own batch size. */
const maxCoalescedTexts = 64;

const encoder = createLocalSentenceEncoder({ batchSize: maxCoalescedTexts });
const waiting: EmbedJob[] = [];
let draining = false;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Jobs that arrive while the model runs wait, and then run together: a busy server sends one
 * small job per chat message, and the model embeds a batch of similar-length texts in about half
 * the time per sentence that it takes one at a time.
 */
async function drain(): Promise<void> {
  draining = true;
  // Messages already delivered to this thread join the first batch too.
  await nextTurn();
  while (waiting.length > 0) {
    const batch: EmbedJob[] = [waiting.shift()!];
    let count = batch[0]!.texts.length;
    while (waiting.length > 0 && count + waiting[0]!.texts.length <= maxCoalescedTexts) {
      const job = waiting.shift()!;
      batch.push(job);
      count += job.texts.length;
    }
    await embedBatch(batch);
    await nextTurn();
  }
  draining = false;
}

/** A batch is padded to its longest text, so texts run together only when none is over twice another's length. */
const maxLengthRatio = 2;

async function embedBatch(batch: EmbedJob[]): Promise<void> {
  try {
    const texts = batch.flatMap((job) => job.texts);
    const vectors = await embedInSimilarLengths(texts);
    let offset = 0;
    for (const job of batch) {
      const own = vectors.slice(offset, offset + job.texts.length);
      offset += job.texts.length;
      parentPort?.postMessage(
        { jobId: job.jobId, vectors: own },
        own.map((vector) => vector.buffer as ArrayBuffer),
      );
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    for (const job of batch) parentPort?.postMessage({ jobId: job.jobId, error: message });
  }
}

/** Embeds the texts shortest first, in runs of similar length, and answers in input order. */
async function embedInSimilarLengths(texts: string[]): Promise<Float32Array[]> {
  const order = texts.map((_, index) => index).sort((first, second) => texts[first]!.length - texts[second]!.length);
  const vectors: Float32Array[] = new Array(texts.length);
  for (let start = 0; start < order.length; ) {
    const shortest = Math.max(1, texts[order[start]!]!.length);
    let end = start + 1;
    while (end < order.length && texts[order[end]!]!.length <= maxLengthRatio * shortest) end++;
    const run = order.slice(start, end);
    const embedded = await encoder.embed(run.map((index) => texts[index]!));
    run.forEach((index, position) => {
      vectors[index] = embedded[position]!;
    });
    start = end;
  }
  return vectors;
}

parentPort?.on('message', (job: EmbedJob) => {
  waiting.push(job);
  if (!draining) void drain();
});
