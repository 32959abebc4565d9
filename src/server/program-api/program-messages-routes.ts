import { createRoute, z } from '@hono/zod-openapi';
import { anthropicErrorSchema, anthropicMessagesRequestSchema } from '../../contracts';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import { addRoute, jsonBody, type ApiRouter } from '../http/api-router';
import { upstreamFailure } from '../metered-calls/call-errors';
import { messageBody, messageStream } from './anthropic-messages-answer';
import { fromMessagesRequest } from './anthropic-messages-request';
import { collectAnswer, tokenwiseHeaders } from './program-answer-parts';
import { openEventStream, startProgramAnswer } from './program-answer-start';
import { programApiSecurity } from './program-api-document';
import { ProgramApiError } from './program-api-error';

/** POST /v1/messages, as Anthropic's SDKs call it (docs/decisions/055); errors in Anthropic's shape. */
export function addProgramMessagesRoutes(router: ApiRouter, dependencies: ConversationDependencies) {
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/messages',
      tags: ['API for programs'],
      summary: "A message in Anthropic's Messages format: routed (`model: auto`), cached, limited and metered",
      security: programApiSecurity,
      request: { body: jsonBody(anthropicMessagesRequestSchema) },
      responses: {
        200: {
          description: 'The message, or its stream of events',
          content: {
            'application/json': { schema: z.looseObject({ type: z.literal('message') }) },
            'text/event-stream': { schema: z.string() },
          },
        },
        default: {
          description: "Anthropic's error shape: `error.type`, `error.message`",
          content: { 'application/json': { schema: anthropicErrorSchema } },
        },
      },
    }),
    async (context) => {
      const body = context.req.valid('json');
      const { answer, facts, stop } = await startProgramAnswer(dependencies, context, fromMessagesRequest(body));
      if (body.stream) {
        openEventStream(context, facts, stop);
        return context.body(messageStream(answer, facts.decisionId, stop));
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
      return context.json(messageBody(collected, facts.decisionId));
    },
  );
}
