/** One request sent through the balancer, as the client saw it. */
export interface SentRequest {
  kind: 'chat' | 'program';
  prompt: string;
  sentAt: number;
  /** When the status and headers arrived: for a stream, the first byte (the server answers once the first part is in). */
  answeredAt?: number;
  endedAt?: number;
  /** When the first piece of the body arrived. */
  firstPieceAt?: number;
  status?: number;
  /** The last instance nginx passed it to (X-Upstream), e.g. 127.0.0.1:4711. */
  upstream?: string;
  /** Every instance tried, in order. */
  upstreamsTried: string[];
  /** A program answer's routing decision (x-tokenwise-decision-id). */
  decisionId?: string;
  cache?: string;
  /** The whole answer arrived and ended as the protocol says it ends. */
  complete: boolean;
  /** Why it did not: a network error, a broken stream, an error event. */
  problem?: string;
  body: string;
}

const clientDeadlineMs = 120_000;

/** Every request a test sent, pushed as it is sent, so the test can see which are open. */
export type TrafficLog = SentRequest[];

/** A streamed chat message (POST /api/conversation/message), read to its end. */
export function sendChat(
  log: TrafficLog,
  base: string,
  user: { token: string; userId: string; orgId: string },
  prompt: string,
  modelId: string,
): Promise<SentRequest> {
  return send(
    log,
    'chat',
    prompt,
    `${base}/api/conversation/message`,
    { authorization: `Bearer ${user.token}` },
    { org_id: user.orgId, user_id: user.userId, prompt, forced_model_id: modelId, stream: true },
    (body) => (body.includes('[META]') && !body.includes('[ERROR]') ? undefined : 'the stream ended without [META]'),
  );
}

/** A streamed program call (POST /v1/chat/completions), read to `data: [DONE]`. */
export function sendProgramCall(
  log: TrafficLog,
  base: string,
  secret: string,
  prompt: string,
  modelId: string,
  headers: Record<string, string> = {},
  stream = true,
): Promise<SentRequest> {
  return send(
    log,
    'program',
    prompt,
    `${base}/v1/chat/completions`,
    { authorization: `Bearer ${secret}`, ...headers },
    { model: modelId, stream, messages: [{ role: 'user', content: prompt }] },
    (body) => {
      if (!stream) return body.includes('"choices"') ? undefined : 'no choices in the answer';
      return body.includes('data: [DONE]') && !body.includes('"error"') ? undefined : 'the stream ended without [DONE]';
    },
  );
}

async function send(
  log: TrafficLog,
  kind: SentRequest['kind'],
  prompt: string,
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  problemOfCompleteBody: (body: string) => string | undefined,
): Promise<SentRequest> {
  const sent: SentRequest = { kind, prompt, sentAt: Date.now(), upstreamsTried: [], complete: false, body: '' };
  log.push(sent);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(clientDeadlineMs),
    });
    sent.answeredAt = Date.now();
    sent.status = response.status;
    sent.upstreamsTried = (response.headers.get('x-upstream') ?? '')
      .split(/\s*,\s*|\s+:\s+/)
      .map((address) => address.trim())
      .filter(Boolean);
    sent.upstream = sent.upstreamsTried.at(-1);
    sent.decisionId = response.headers.get('x-tokenwise-decision-id') ?? undefined;
    sent.cache = response.headers.get('x-tokenwise-cache') ?? undefined;
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      sent.firstPieceAt ??= Date.now();
      sent.body += decoder.decode(read.value, { stream: true });
    }
    sent.endedAt = Date.now();
    sent.problem = response.status === 200 ? problemOfCompleteBody(sent.body) : undefined;
    sent.complete = sent.problem === undefined;
  } catch (error) {
    sent.endedAt = Date.now();
    sent.problem = `${(error as Error).name}: ${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}`;
  }
  return sent;
}
