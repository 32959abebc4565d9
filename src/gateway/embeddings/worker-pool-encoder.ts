import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SentenceEncoder } from './sentence-encoder';

export interface WorkerPoolEncoderOptions {
  /** Threads, each with its own copy of the embedded model (~200 MB each); default: one per core. */
  threads?: number;
  /** Sentences per job sent to a thread. */
  jobSize?: number;
}

export interface WorkerPoolEncoder extends SentenceEncoder {
  /** Stops the threads; the encoder cannot be used afterwards. */
  close(): Promise<void>;
}

// The worker is TypeScript and a thread does not inherit the parent's loaders (tsx, vitest), so it loads itself through tsx.
const workerUrl = new URL('./embed-worker.ts', import.meta.url).href;
const workerBootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(workerUrl)}, ${JSON.stringify(workerUrl)}))`;

type Settle = { resolve(vectors: Float32Array[]): void; reject(error: Error): void };

/**
 * The embedded encoder spread over worker threads, for bulk work (training, evaluation, the
 * scoring commands) where one thread would take minutes. Gives the same vectors as
 * createLocalSentenceEncoder, in input order.
 */
export function createWorkerPoolEncoder(options: WorkerPoolEncoderOptions = {}): WorkerPoolEncoder {
  const threadCount = Math.max(1, options.threads ?? availableParallelism());
  const jobSize = options.jobSize ?? 64;
  const pending = new Map<number, Settle>();
  let nextJobId = 0;
  let nextThread = 0;
  let threads: Worker[] | undefined;

  function start(): Worker[] {
    return Array.from({ length: threadCount }, () => {
      const worker = new Worker(workerBootstrap, { eval: true });
      worker.on('message', (answer: { jobId: number; vectors?: Float32Array[]; error?: string }) => {
        const settle = pending.get(answer.jobId);
        pending.delete(answer.jobId);
        if (answer.error !== undefined) settle?.reject(new Error(answer.error));
        else settle?.resolve(answer.vectors ?? []);
      });
      worker.on('error', (error) => {
        for (const settle of pending.values()) settle.reject(error);
        pending.clear();
      });
      return worker;
    });
  }

  function run(texts: string[]): Promise<Float32Array[]> {
    threads ??= start();
    const worker = threads[nextThread++ % threads.length]!;
    const jobId = nextJobId++;
    return new Promise((resolve, reject) => {
      pending.set(jobId, { resolve, reject });
      worker.postMessage({ jobId, texts });
    });
  }

  return {
    id: 'use-lite-512',
    dimensions: 512,
    async embed(texts) {
      const jobs: Promise<Float32Array[]>[] = [];
      for (let start = 0; start < texts.length; start += jobSize) jobs.push(run(texts.slice(start, start + jobSize)));
      return (await Promise.all(jobs)).flat();
    },
    async close() {
      const running = threads ?? [];
      threads = undefined;
      await Promise.all(running.map((worker) => worker.terminate()));
    },
  };
}
