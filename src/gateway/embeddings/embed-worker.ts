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
 * Jobs that arrive while the model runs wait, and then run together as one batch: a busy server
 * sends one small job per chat message, and the model embeds a batch of them in about half the
 * time per sentence that it takes one at a time.
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

async function embedBatch(batch: EmbedJob[]): Promise<void> {
  try {
    const vectors = await encoder.embed(batch.flatMap((job) => job.texts));
    let offset = 0;
    for (const job of batch) {
      const own = vectors.slice(offset, offset + job.texts.length);
      offset += job.texts.length;
      parentPort?.postMessage({ jobId: job.jobId, vectors: own }, own.map((vector) => vector.buffer as ArrayBuffer));
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    for (const job of batch) parentPort?.postMessage({ jobId: job.jobId, error: message });
  }
}

parentPort?.on('message', (job: EmbedJob) => {
  waiting.push(job);
  if (!draining) void drain();
});
