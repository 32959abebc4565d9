import { parentPort } from 'node:worker_threads';
import { createLocalSentenceEncoder } from './local-sentence-encoder';

/** One thread of the worker-pool encoder: embeds the batches it is sent with its own copy of the model. */
interface EmbedJob {
  jobId: number;
  texts: string[];
}

const encoder = createLocalSentenceEncoder();

parentPort?.on('message', (job: EmbedJob) => {
  encoder.embed(job.texts).then(
    (vectors) => parentPort?.postMessage({ jobId: job.jobId, vectors }, vectors.map((vector) => vector.buffer as ArrayBuffer)),
    (error: unknown) => parentPort?.postMessage({ jobId: job.jobId, error: error instanceof Error ? error.message : String(error) }),
  );
});
