import { createRoute } from '@hono/zod-openapi';
import {
  apiKeyMessages,
  openAiErrorSchema,
  programModelListSchema,
  programModelPathSchema,
  programModelSchema,
} from '../../contracts';
import { addRoute, type ApiRouter } from '../http/api-router';
import { programApiSecurity } from './program-api-document';
import { apiKeyCallerOf } from './program-api-context';
import { modelNotFound } from './program-api-error';
import { listProgramModels, type ProgramModelListDependencies } from './program-models';

const tags = ['API for programs'];
const errorAnswer = {
  description: "OpenAI's error shape: `error.message`, `type`, `param`, `code` (401 `invalid_api_key`)",
  content: { 'application/json': { schema: openAiErrorSchema } },
};

/** GET /v1/models and /v1/models/{model}, as OpenAI's SDKs call them. */
export function addProgramModelRoutes(router: ApiRouter, dependencies: ProgramModelListDependencies) {
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/models',
      tags,
      summary: 'The models this API key may use, and `auto` (the router chooses among them)',
      security: programApiSecurity,
      responses: {
        200: { description: 'The models', content: { 'application/json': { schema: programModelListSchema } } },
        default: errorAnswer,
      },
    }),
    async (context) => context.json(await listProgramModels(dependencies, apiKeyCallerOf(context))),
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      // Model ids hold a '/': the parameter takes the rest of the path.
      path: '/models/{model{.+}}',
      tags,
      summary: 'One model this API key may use',
      security: programApiSecurity,
      request: { params: programModelPathSchema },
      responses: {
        200: { description: 'The model', content: { 'application/json': { schema: programModelSchema } } },
        default: errorAnswer,
      },
    }),
    async (context) => {
      const { model } = context.req.valid('param');
      const caller = apiKeyCallerOf(context);
      const found = (await listProgramModels(dependencies, caller)).data.find((candidate) => candidate.id === model);
      if (!found) throw modelNotFound(apiKeyMessages.modelNotFound(model), null);
      return context.json(found);
    },
  );
}
