/** What the bench asks its load client process to do, and what it answers. */

/** One streamed chat call: `sse` is OpenAI's event stream, `text` our server's text stream ending in [META]. */
export interface StreamRequest {
  url: string;
  headers: Record<string, string>;
  /** JSON; the client replaces each `{{n}}` with the request's number and each `{{words}}` with six random words. */
  body: string;
  format: 'sse' | 'text';
  /** The last word of the reply: a stream without it did not arrive whole. */
  lastWord: string;
}

export interface LoadJob {
  request: StreamRequest;
  /** Streams open at once: that many workers, each sending its next request when the last ended. */
  concurrency: number;
  requestsPerWorker: number;
}

export interface StreamSample {
  ok: boolean;
  /** Milliseconds from sending the request to the first byte of the body. */
  firstByteMs: number;
  /** ... to the first byte of reply text (for `sse`, the first chunk with non-empty content). */
  firstTextMs: number;
  /** ... to the end of the body. */
  totalMs: number;
  error?: string;
  /** The request body, kept for failed streams only. */
  sent?: string;
}

/** `abort` closes every stream still open (the memory probe holds streams open, then lets go). */
export type ClientCommand = { type: 'run'; job: LoadJob } | { type: 'abort' };
export type ClientReport = { type: 'all-started' } | { type: 'done'; samples: StreamSample[] };
