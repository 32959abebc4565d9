import { describe, expect, it, vi } from 'vitest';
import { messages, modelAccessDeniedMessage } from '@contracts';
import { signIn } from '../../../test/fixtures';
import { getStoredTokens } from '../../../lib/token-storage';
import { framedFailure, framedReply, makeMetadata, splitAt, streamedResponse } from '../test/chat-fixtures';
import { sendFailureMessage, sendFailureMessages } from './send-failure-message';
import { StreamFailure, streamChatReply } from './stream-chat-reply';

const body = { org_id: 'org-1', user_id: 'user-1', prompt: 'Hi', stream: true };

function stubResponses(...responses: (() => Response)[]) {
  const fetchStub = vi.fn(async () => (responses.shift() ?? (() => new Response('', { status: 500 })))());
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

describe('streamChatReply', () => {
  it('posts with the bearer token and hands each text piece over as it arrives', async () => {
    signIn('access-1');
    const fetchStub = stubResponses(() => streamedResponse(splitAt(framedReply('Hello brave world'), 6, 8, 10)));
    const pieces: string[] = [];
    const reply = await streamChatReply({ path: '/conversation/message', body, onText: (piece) => pieces.push(piece) });
    expect(reply).toEqual({ text: 'Hello brave world', metadata: makeMetadata() });
    expect(pieces.length).toBeGreaterThan(1);
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/conversation/message');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-1');
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('decodes a multi-byte character split across chunks', async () => {
    signIn();
    const bytes = new TextEncoder().encode(framedReply('café ☕'));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 4));
        controller.enqueue(bytes.slice(4));
        controller.close();
      },
    });
    stubResponses(() => new Response(stream));
    await expect(streamChatReply({ path: '/conversation/message', body, onText: () => {} })).resolves.toMatchObject({
      text: 'café ☕',
    });
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    signIn('access-1');
    const fetchStub = stubResponses(
      () => new Response(JSON.stringify({ message: 'expired' }), { status: 401 }),
      () =>
        new Response(
          JSON.stringify({ token: 'access-2', refresh_token: 'refresh-2', expires_at: '2999-01-01T00:00:00.000Z' }),
          { status: 200 },
        ),
      () => streamedResponse([framedReply('ok')]),
    );
    await expect(streamChatReply({ path: '/conversation/message', body, onText: () => {} })).resolves.toMatchObject({
      text: 'ok',
    });
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(getStoredTokens().token).toBe('access-2');
  });

  it('rejects a pre-stream error with the server text, mapped to the spec wording', async () => {
    signIn();
    stubResponses(
      () =>
        new Response(JSON.stringify({ code: 'forbidden', message: 'Monthly token limit exceeded for this model.' }), {
          status: 403,
        }),
    );
    const failure = (await streamChatReply({ path: '/conversation/message', body, onText: () => {} }).catch(
      (error: unknown) => error,
    )) as Error;
    expect(sendFailureMessage(failure.message)).toBe(sendFailureMessages.tokenLimit);
  });

  it('rejects with StreamFailure and the partial text when the stream ends with an error line', async () => {
    signIn();
    stubResponses(() => streamedResponse(splitAt(framedFailure('Partial'), 3)));
    const failure = await streamChatReply({ path: '/conversation/message', body, onText: () => {} }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StreamFailure);
    expect(failure).toMatchObject({ partialText: 'Partial', message: 'The model stopped answering' });
  });

  it('rejects with the spec texts when there is no metadata or no body', async () => {
    signIn();
    stubResponses(
      () => streamedResponse(['text only']),
      () => new Response(null, { status: 200 }),
    );
    await expect(streamChatReply({ path: '/conversation/message', body, onText: () => {} })).rejects.toThrow(
      'No metadata received in response',
    );
    await expect(streamChatReply({ path: '/conversation/message', body, onText: () => {} })).rejects.toThrow(
      'No readable stream from response',
    );
  });
});

describe('sendFailureMessage', () => {
  it.each([
    // The server's own messages for these refusals (the same constants it answers with).
    [messages.monthlyTokenLimitExceeded, 'You have exceeded your monthly token limit for this model.'],
    [messages.monthlyCostLimitExceeded, 'You have exceeded your monthly cost limit for this model.'],
    [modelAccessDeniedMessage, 'You do not have permission to use this model.'],
    // Spec section 8's phrases themselves, in any case.
    ['token limit exceeded', sendFailureMessages.tokenLimit],
    ['cost limit exceeded', sendFailureMessages.costLimit],
    ['Model access denied', sendFailureMessages.accessDenied],
    ['model access denied for gpt-4o', sendFailureMessages.accessDenied],
    ['The model provider failed to answer. Please try again.', 'Failed to send message. Please try again.'],
    ['Something else', 'Failed to send message. Please try again.'],
    [undefined, 'Failed to send message. Please try again.'],
  ])('maps %j', (input, expected) => expect(sendFailureMessage(input)).toBe(expected));

  it('recognises the phrases of spec section 8 in the server messages', () => {
    expect(messages.monthlyTokenLimitExceeded).toContain('token limit exceeded');
    expect(messages.monthlyCostLimitExceeded).toContain('cost limit exceeded');
    expect(modelAccessDeniedMessage).toContain('Model access denied');
  });
});
