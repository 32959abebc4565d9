import type { StreamError, StreamMetadata } from '../../contracts';

export type ReplyResult =
  | {
      text: string;
      metadata: StreamMetadata;
      error?: undefined;
      /**
       * Work that follows a complete reply (storing it in the cache): the metadata need not wait
       * for it, but the stream closes only once it is done, so a client that read the reply to its
       * end and asks again finds it stored. Never rejects.
       */
      afterwards?: Promise<void>;
    }
  | { text: string; error: StreamError; metadata?: undefined; afterwards?: undefined };

/** A reply whose first part has arrived: the HTTP status is decided, the text may follow. */
export interface OpenedReply {
  /** Stops the upstream call (client gone); what arrived so far is still recorded. */
  abort(): void;
  /** Passes the text on as it arrives, then records the reply and its usage. Never throws. */
  complete(write: (text: string) => Promise<unknown>): Promise<ReplyResult>;
}
