import { bodyLimit } from 'hono/body-limit';
import type { EmbeddingModel } from '../../gateway';
import { apiKeyMessages, messages } from '../../contracts';
import { createApiRouter, type ApiRouter } from '../http/api-router';
import { AppError } from '../http/app-error';
import { readJsonBody } from '../http/read-json-body';
import { rejectMalformedPath } from '../http/reject-malformed-path';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import type { ApiKeyAuthenticationDependencies } from './authenticate-api-key';
import { addProgramChatRoutes } from './program-chat-routes';
import { addProgramEmbeddingRoutes } from './program-embedding-routes';
import { addProgramMessagesRoutes } from './program-messages-routes';
import { addProgramRatingRoutes } from './program-rating-routes';
import { programApiBasePath } from './program-api-document';
import { ProgramApiError } from './program-api-error';
import { addProgramModelRoutes } from './program-model-routes';
import type { ProgramModelDependencies } from './program-models';
import { renderProgramApiError } from './render-program-api-error';
import { requireApiKey } from './require-api-key';

export interface ProgramApiDependencies {
  keys: ApiKeyAuthenticationDependencies;
  models: ProgramModelDependencies;
  /** The chat's services, which the chat completions and messages endpoints answer through. */
  calls: ConversationDependencies;
  /** The embedding models POST /v1/embeddings offers. */
  embeddingModels: readonly EmbeddingModel[];
  maxBodyBytes: number;
}

/**
 * The front door for programs, mounted at /v1 (docs/decisions/050): every request is authenticated by
 * an organisation API key before any route runs, inputs go through the same validation layer as
 * /api's, and every failure answers in OpenAI's error shape (Anthropic's under /v1/messages).
 * Endpoints are added to the router this returns (`addProgramModelRoutes` and those after it).
 */
export function createProgramApi(dependencies: ProgramApiDependencies): ApiRouter {
  const router = createApiRouter();
  router.onError(renderProgramApiError);
  router.use(
    bodyLimit({
      maxSize: dependencies.maxBodyBytes,
      onError: () => {
        throw new AppError('payload_too_large', messages.payloadTooLarge);
      },
    }),
  );
  router.use(async (context, next) => {
    await next();
    context.header('Cache-Control', 'no-store');
  });
  router.use(rejectMalformedPath(), readJsonBody());
  router.use(requireApiKey(dependencies.keys));
  addProgramModelRoutes(router, { ...dependencies.models, embeddingModels: dependencies.embeddingModels });
  addProgramChatRoutes(router, dependencies.calls);
  addProgramMessagesRoutes(router, dependencies.calls);
  addProgramEmbeddingRoutes(router, { ...dependencies.calls, embeddingModels: dependencies.embeddingModels });
  addProgramRatingRoutes(router, dependencies.calls);
  return router;
}

/** After every endpoint: an unknown path under /v1 is a 404 in the same shape, once the key is known good. */
export function closeProgramApi(router: ApiRouter): void {
  router.all('*', (context) => {
    throw new ProgramApiError({
      status: 404,
      message: apiKeyMessages.unknownEndpoint(context.req.method, context.req.path),
      openAi: { type: 'invalid_request_error', code: 'unknown_url', param: null },
      anthropicType: 'not_found_error',
    });
  });
}

export { programApiBasePath };
