import { createRoute, z } from '@hono/zod-openapi';
import { embeddingsRequestSchema, openAiErrorSchema } from '../../contracts';
import { addRoute, jsonBody, type ApiRouter } from '../http/api-router';
import { programApiSecurity } from './program-api-document';
import { apiKeyCallerOf } from './program-api-context';
import { createProgramEmbeddings, type ProgramEmbeddingDependencies } from './program-embeddings';
import { usdShortDecimal } from '../../money';

const embeddingsResponseSchema = z.object({
  object: z.literal('list'),
  data: z.array(
    z.object({
      object: z.literal('embedding'),
      index: z.number().int(),
      embedding: z.union([z.array(z.number()), z.string()]),
    }),
  ),
  model: z.string(),
  usage: z.object({ prompt_tokens: z.number().int(), total_tokens: z.number().int() }),
});

/** POST /v1/embeddings, as OpenAI's SDKs call it (docs/decisions/060). */
export function addProgramEmbeddingRoutes(router: ApiRouter, dependencies: ProgramEmbeddingDependencies) {
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/embeddings',
      tags: ['API for programs'],
      summary: "Embeddings in OpenAI's wire format: limited, paid from the wallet and recorded like any model call",
      description:
        '`input` is a string or an array of up to 2048 strings (each at most 100,000 characters and within the model’s input window; about 300,000 tokens in all). `encoding_format` `float` (default) or `base64` (little-endian float32); `dimensions` where the model shortens its vectors. Models: `openai/text-embedding-3-small`, `openai/text-embedding-3-large`, `openai/text-embedding-ada-002` (OpenAI’s names without `openai/` too). Priced per input token; never cached.',
      security: programApiSecurity,
      request: { body: jsonBody(embeddingsRequestSchema) },
      responses: {
        200: {
          description: 'One embedding per input, in order',
          headers: {
            'x-tokenwise-model': { description: 'The embedding model', schema: { type: 'string' } },
            'x-tokenwise-cache': { description: 'Always `off`: embeddings are not cached', schema: { type: 'string' } },
            'x-tokenwise-cost-usd': { description: 'What the call cost', schema: { type: 'string' } },
          },
          content: { 'application/json': { schema: embeddingsResponseSchema } },
        },
        default: {
          description: "OpenAI's error shape: `error.message`, `type`, `param`, `code`",
          content: { 'application/json': { schema: openAiErrorSchema } },
        },
      },
    }),
    async (context) => {
      const answer = await createProgramEmbeddings(
        dependencies,
        apiKeyCallerOf(context),
        context.req.valid('json'),
        context.req.raw.signal,
      );
      context.header('x-tokenwise-model', answer.modelId);
      context.header('x-tokenwise-cache', 'off');
      context.header('x-tokenwise-cost-usd', usdShortDecimal(answer.costPicodollars));
      context.header('x-tokenwise-saving-usd', '0.0');
      return context.json(answer.body, 200);
    },
  );
}
