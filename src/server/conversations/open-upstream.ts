import {
  GatewayError,
  type CatalogModel,
  type ChatMessage,
  type ChatProvider,
  type ChatStreamPart,
} from '../../gateway';

/**
 * The model had not started when its time was up, and its call was abandoned. Unlike a refusal, the
 * provider had accepted the request and may bill it: the call's usage is recorded all the same.
 */
export class FirstPartTimeout extends GatewayError {
  constructor(model: CatalogModel, timeoutMs: number) {
    super('timeout', `${model.id} did not start within ${timeoutMs} ms`, { provider: model.provider });
  }
}

export interface OpenedUpstream {
  first: IteratorResult<ChatStreamPart>;
  iterator: AsyncIterator<ChatStreamPart>;
}

/**
 * Starts one model call and waits for its first part. With a timeout, a model that has not
 * started by then is given up (its call aborted) so the caller can ask another.
 */
export async function openUpstream(
  gateway: ChatProvider,
  request: {
    model: CatalogModel;
    history: ChatMessage[];
    signal: AbortSignal;
    timeoutMs?: number;
    temperature?: number;
    maxOutputTokens?: number;
  },
): Promise<OpenedUpstream> {
  const attempt = new AbortController();
  const forward = () => attempt.abort();
  request.signal.addEventListener('abort', forward, { once: true });
  const { temperature, maxOutputTokens } = request;
  const iterator = gateway
    .stream({
      modelId: request.model.id,
      messages: request.history,
      abortSignal: attempt.signal,
      temperature,
      maxOutputTokens,
    })
    [Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const timedOut =
    request.timeoutMs === undefined
      ? undefined
      : new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            attempt.abort();
            reject(new FirstPartTimeout(request.model, request.timeoutMs!));
          }, request.timeoutMs);
        });
  try {
    const first = await (timedOut ? Promise.race([iterator.next(), timedOut]) : iterator.next());
    return { first, iterator };
  } catch (error) {
    request.signal.removeEventListener('abort', forward);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
