import { GatewayError, type CatalogModel, type ChatMessage, type ChatProvider, type ChatStreamPart } from '../../gateway';

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
  request: { model: CatalogModel; history: ChatMessage[]; signal: AbortSignal; timeoutMs?: number },
): Promise<OpenedUpstream> {
  const attempt = new AbortController();
  const forward = () => attempt.abort();
  request.signal.addEventListener('abort', forward, { once: true });
  const iterator = gateway.stream({ modelId: request.model.id, messages: request.history, abortSignal: attempt.signal })[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const timedOut =
    request.timeoutMs === undefined
      ? undefined
      : new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            attempt.abort();
            reject(new GatewayError('timeout', `${request.model.id} did not start within ${request.timeoutMs} ms`, { provider: request.model.provider }));
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
