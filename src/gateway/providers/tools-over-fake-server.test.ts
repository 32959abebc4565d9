import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failOnConsoleOutput } from '../testing/fail-on-console-output';
import { startFakeProviderServer, type FakeProviderServer } from '../testing/fake-provider-server';
import { providerCases } from '../testing/provider-cases';
import type { ChatStreamPart, ChatStreamRequest } from './chat-provider';

failOnConsoleOutput();

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const weatherTool = {
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
// A 1x1 PNG.
const pixel =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function partsOf(stream: AsyncIterable<ChatStreamPart>): Promise<ChatStreamPart[]> {
  const parts: ChatStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** The last request body the fake provider received, as JSON text (each wire format spells things its own way). */
function lastBodyText(): string {
  return JSON.stringify(server.requests.at(-1)?.body);
}

describe.each(providerCases)(
  '$provider: tools, tool results, images and response formats reach the provider',
  (testCase) => {
    it('passes the tools out and the model’s tool call back as a tool-call part, finishing as tool-calls', async () => {
      server.enqueueReply({ toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }] });
      const provider = testCase.create(server.url);
      const parts = await partsOf(
        provider.stream({
          modelId: testCase.modelId,
          messages: [{ role: 'user', content: 'Weather in Paris?' }],
          tools: [weatherTool],
          toolChoice: 'auto',
        }),
      );
      const call = parts.find((part) => part.type === 'tool-call');
      expect(call).toMatchObject({ type: 'tool-call', toolName: 'get_weather' });
      expect(JSON.parse((call as { input: string }).input)).toEqual({ city: 'Paris' });
      if (testCase.provider !== 'google') expect(call).toMatchObject({ toolCallId: 'call_1' });
      expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'tool-calls' });
      const sent = lastBodyText();
      expect(sent).toContain('get_weather');
      expect(sent).toContain('The weather in a city');
    });

    it('sends an earlier tool call and its result back to the model, and the model finishes', async () => {
      server.enqueueReply({ text: 'It is sunny in Paris.' });
      const provider = testCase.create(server.url);
      const request: ChatStreamRequest = {
        modelId: testCase.modelId,
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
          },
          { role: 'tool', content: '{"sky":"sunny-result-marker"}', toolCallId: 'call_1', toolName: 'get_weather' },
        ],
        tools: [weatherTool],
      };
      const parts = await partsOf(provider.stream(request));
      expect(
        parts
          .filter((part) => part.type === 'text')
          .map((part) => part.text)
          .join(''),
      ).toBe('It is sunny in Paris.');
      const sent = lastBodyText();
      expect(sent).toContain('sunny-result-marker');
      expect(sent).toContain('get_weather');
      if (testCase.provider !== 'google') expect(sent).toContain('call_1');
    });

    it('sends an image part and a JSON schema response format', async () => {
      server.enqueueReply({ text: '{"colour":"black"}' });
      const provider = testCase.create(server.url);
      await partsOf(
        provider.stream({
          modelId: testCase.modelId,
          messages: [{ role: 'user', content: 'What colour is this pixel?', images: [{ url: pixel }] }],
          responseFormat: {
            type: 'json',
            name: 'colour',
            schema: { type: 'object', properties: { colour: { type: 'string' } }, required: ['colour'] },
          },
          topP: 0.5,
          seed: 7,
          stopSequences: ['END'],
        }),
      );
      const sent = lastBodyText();
      expect(sent).toContain('iVBORw0KGgo');
      // Anthropic's Messages API has no response format: the AI SDK asks through a tool or warns; the others carry the schema.
      if (testCase.provider !== 'anthropic') expect(sent).toContain('colour');
      expect(sent).toContain('END');
    });
  },
);
