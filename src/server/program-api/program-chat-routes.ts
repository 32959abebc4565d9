import { createRoute, z } from '@hono/zod-openapi';
import { chatCompletionRequestSchema, openAiErrorSchema } from '../../contracts';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import { addRoute, jsonBody, type ApiRouter } from '../http/api-router';
import { upstreamFailure } from '../metered-calls/call-errors';
import { chatCompletionBody, chatCompletionStream } from './openai-chat-answer';
import { fromChatCompletionRequest } from './openai-chat-request';
import { collectAnswer, tokenwiseHeaders } from './program-answer-parts';
import { openEventStream, startProgramAnswer } from './program-answer-start';
import { programApiSecurity } from './program-api-document';
import { ProgramApiError } from './program-api-error';

const tags = ['API for programs'];
const headers = {
  'x-tokenwise-model': { description: 'The model that answered (a catalog id)', schema: { type: 'string' as const } },
  'x-tokenwise-cache': { description: '`hit`, `miss` or `off`', schema: { type: 'string' as const } },
  'x-tokenwise-cost-usd': { description: 'What the answer cost', schema: { type: 'string' as const } },
  'x-tokenwise-saving-usd': {
    description: 'What the reference model would have cost more',
    schema: { type: 'string' as const },
  },
  'x-tokenwise-decision-id': {
    description: 'The routing decision, which POST /v1/decisions/{id}/rating rates',
    schema: { type: 'string' as const },
  },
};

/** POST /v1/chat/completions, as OpenAI's SDKs call it (docs/decisions/055). */
export function addProgramChatRoutes(router: ApiRouter, dependencies: ConversationDependencies) {
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/chat/completions',
      tags,
      summary: "A chat completion in OpenAI's wire format: routed (`model: auto`), cached, limited and metered",
      description:
        'Streamed (`stream: true`: `chat.completion.chunk` events, `data: [DONE]`; `stream_options.include_usage` adds a last chunk with the usage) or not (`chat.completion` with `usage`). Send `x-tokenwise-cache: off` to keep the semantic cache out. A streamed answer’s cost headers are the decision’s estimate (`x-tokenwise-cost-estimated: true`); its usage chunk carries the recorded cost under `x_tokenwise`.',
      security: programApiSecurity,
      request: { body: jsonBody(chatCompletionRequestSchema) },
      responses: {
        200: {
          description: 'The completion, or its stream of server-sent events',
          headers,
          content: {
            'application/json': { schema: z.looseObject({ object: z.literal('chat.completion') }) },
            'text/event-stream': { schema: z.string() },
          },
        },
        default: {
          description: "OpenAI's error shape: `error.message`, `type`, `param`, `code`",
          content: { 'application/json': { schema: openAiErrorSchema } },
        },
      },
    }),
    async (context) => {
      const body = context.req.valid('json');
      const request = fromChatCompletionRequest(body);
      const { answer, facts, stop } = await startProgramAnswer(dependencies, context, request);
      if (body.stream) {
        openEventStream(context, facts, stop);
        const includeUsage = body.stream_options?.include_usage === true;
        return context.body(chatCompletionStream(answer, facts.decisionId, includeUsage, stop));
      }
      const collected = await collectAnswer(answer).catch((error: unknown) => {
        throw error instanceof ProgramApiError ? error : upstreamFailure(error);
      });
      const money =
        answer.kind === 'model'
          ? { costPicodollars: collected.costPicodollars, savingPicodollars: collected.savingPicodollars }
          : facts;
      for (const [name, value] of Object.entries(tokenwiseHeaders({ ...facts, ...money, estimated: false })))
        context.header(name, value);
      return context.json(chatCompletionBody(collected, facts.decisionId));
    },
  );
}
