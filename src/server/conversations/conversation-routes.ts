import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  chatModelsResponseSchema,
  localModelStatusSchema,
  chatSessionWithMessagesSchema,
  completeReplySchema,
  conversationSearchQuerySchema,
  conversationSearchResponseSchema,
  deleteAllSessionsResponseSchema,
  editMessageRequestSchema,
  editMessageResponseSchema,
  exportDownloadQuerySchema,
  exportLinkRefused,
  exportLinksResponseSchema,
  messagePathSchema,
  regenerateRequestSchema,
  renameSessionRequestSchema,
  renameSessionResponseSchema,
  sendMessageRequestSchema,
  sessionListResponseSchema,
  sessionOwnerPathSchema,
  sessionPathSchema,
  showMessageVersionRequestSchema,
  startConversationRequestSchema,
  successResponseSchema,
} from '../../contracts';
import { CallerChanged, sameCaller } from '../auth/recent-callers';
import { addRoute, answers, createApiRouter, errorAnswer, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv, Caller } from '../http/context';
import { AppError, forbidden } from '../http/app-error';
import type { ConversationDependencies } from './conversation-dependencies';
import { exportFile, type ExportFormat } from './export-conversation';
import { exportLinkTtlSeconds } from './export-links';
import { listChatModels } from './list-chat-models';
import { regenerateReply } from './regenerate-service';
import { completeWithoutStreaming } from './reply-answer';
import { searchOwnConversations } from './search-service';
import { sendMessage } from './send-message-service';
import * as sessions from './session-service';
import { streamReply } from './stream-reply';

const tags = ['Conversation'];

/** The streamed chat calls: text/plain with a closing [META] or [ERROR] line, or JSON with `stream: false`. */
const streamedReply = {
  200: {
    description:
      'With `stream: true` (the default), the reply text as it is generated, then "\\n[META]{metadata JSON}\\n" or, after a failure past the first byte, "\\n[ERROR]{code, message}\\n"; with `stream: false`, the whole reply as JSON. X-Session-Id and X-User-Message-Id name the saved message.',
    content: { 'text/plain': { schema: z.string() }, 'application/json': { schema: completeReplySchema } },
  },
  default: errorAnswer,
};

/** Mounted at /conversation. Every call acts on the caller's own sessions only. */
export function createConversationRoutes(
  dependencies: ConversationDependencies,
  signedIn: MiddlewareHandler<AppEnv>,
  /** For the chat message only: the model is asked while the sign-in is checked again (docs/decisions/013). */
  signedInProvisionally: MiddlewareHandler<AppEnv> = signedIn,
) {
  const { db, exportLinks } = dependencies;
  const router = createApiRouter();
  // Before the sign-in check: a new tab sends no bearer token, the signed link is the grant.
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/session/{id}/export/download',
      tags,
      summary: 'Download a conversation through a signed link (no bearer token)',
      request: { params: sessionPathSchema, query: exportDownloadQuerySchema },
      responses: {
        200: {
          description: 'The conversation as Markdown or JSON',
          content: {
            'text/markdown': { schema: z.string() },
            'application/json': { schema: chatSessionWithMessagesSchema },
          },
        },
        default: errorAnswer,
      },
    }),
    async (context) => {
      const sessionId = context.req.valid('param').id;
      const checked = exportLinks.check(sessionId, (name) => context.req.query(name));
      if (!checked.ok) throw forbidden(exportLinkRefused);
      const { orgId, userId, format } = checked.grant;
      // The session must still belong to that user in that organisation (deleted: 404).
      const file = exportFile(await sessions.getSessionOf(db, { orgId, userId }, sessionId), format);
      context.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
      context.header('Content-Type', file.contentType);
      context.header('Referrer-Policy', 'no-referrer');
      return context.body(file.body);
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/message',
      tags,
      summary: 'Send a chat message and answer it (streamed)',
      security: signedInSecurity,
      middleware: signedInProvisionally,
      request: { body: jsonBody(sendMessageRequestSchema) },
      responses: streamedReply,
    }),
    async (context) => {
      const signIn = context.get('signIn');
      try {
        const input = context.req.valid('json');
        const send = (caller: Caller, provisional: typeof signIn) =>
          sendMessage(dependencies, caller, input, {
            clientSignal: context.req.raw.signal,
            signIn: provisional,
            // The saved ids go out with every answer, an error included, so the web app keeps one session.
            onSaved: (saved) => {
              context.header('X-Session-Id', saved.sessionId);
              context.header('X-User-Message-Id', saved.userMessageId);
            },
          });
        const { reply } = await send(context.get('caller'), signIn).catch(async (error: unknown) => {
          // Rolled back with its model call: send again as the caller is now (e.g. with a new role).
          if (error instanceof CallerChanged) return send(error.current, undefined);
          // A refusal (before anything was saved) made for a remembered caller whose role has changed
          // since: the new role may allow what the old one refused, so decide again (decision 018).
          if (signIn && error instanceof AppError) {
            const current = await signIn.confirm();
            if (!sameCaller(current, context.get('caller'))) return send(current, undefined);
          }
          throw error;
        });
        return input.stream ? streamReply(context, reply) : context.json(await completeWithoutStreaming(reply));
      } catch (error) {
        // No answer, not even a refusal, before the sign-in is confirmed: an ended one gets 401.
        if (signIn && !(error instanceof CallerChanged)) await signIn.confirm();
        throw error;
      }
    },
  );
  router.use(signedIn);
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/models',
      tags,
      summary: 'The models the caller may use',
      security: signedInSecurity,
      responses: answers('The models', chatModelsResponseSchema),
    }),
    async (context) => context.json(await listChatModels(dependencies, context.get('caller'))),
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/local-model',
      tags,
      summary: "The embedded model's loading state",
      security: signedInSecurity,
      responses: answers('Its state', localModelStatusSchema),
    }),
    (context) => {
      const status = dependencies.localModelEnabled ? dependencies.localModel?.status() : undefined;
      return context.json({
        state: status?.state ?? 'disabled',
        progress: status?.state === 'loading' ? (status.progress ?? 0) : null,
      });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/search',
      tags,
      summary: "The caller's session titles and messages holding q, newest first",
      security: signedInSecurity,
      request: { query: conversationSearchQuerySchema },
      responses: answers('One page of matches', conversationSearchResponseSchema),
    }),
    async (context) =>
      context.json(await searchOwnConversations(db, context.get('caller'), context.req.valid('query'))),
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/regenerate',
      tags,
      summary: 'Answer the user message before a reply again (streamed)',
      security: signedInSecurity,
      request: { body: jsonBody(regenerateRequestSchema) },
      responses: streamedReply,
    }),
    async (context) => {
      const input = context.req.valid('json');
      const reply = await regenerateReply(dependencies, context.get('caller'), input, context.req.raw.signal);
      return input.stream ? streamReply(context, reply) : context.json(await completeWithoutStreaming(reply));
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/start',
      tags,
      summary: 'Start a session with its first reply',
      security: signedInSecurity,
      request: { body: jsonBody(startConversationRequestSchema) },
      responses: answers('The reply', completeReplySchema, 201),
    }),
    async (context) => {
      const input = context.req.valid('json');
      const { reply } = await sendMessage(dependencies, context.get('caller'), {
        ...input,
        session_id: undefined,
        stream: false,
      });
      return context.json(await completeWithoutStreaming(reply), 201);
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/message/{id}',
      tags,
      summary: "Edit one of the caller's messages",
      security: signedInSecurity,
      request: { params: messagePathSchema, body: jsonBody(editMessageRequestSchema) },
      responses: answers('The edited message', editMessageResponseSchema),
    }),
    async (context) => {
      const message = await sessions.editOwnMessage(
        db,
        context.get('caller'),
        context.req.valid('param').id,
        context.req.valid('json').content,
      );
      return context.json({ success: true, message });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/message/{id}/version',
      tags,
      summary: 'Show one version of an edited message, with the turns that followed it',
      security: signedInSecurity,
      request: { params: messagePathSchema, body: jsonBody(showMessageVersionRequestSchema) },
      responses: answers('The session with the branch now shown', chatSessionWithMessagesSchema),
    }),
    async (context) =>
      context.json(
        await sessions.showOwnMessageVersion(
          db,
          context.get('caller'),
          context.req.valid('param').id,
          context.req.valid('json').version,
        ),
      ),
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/message/{id}',
      tags,
      summary: "Delete one of the caller's messages",
      security: signedInSecurity,
      request: { params: messagePathSchema },
      responses: answers('Deleted', successResponseSchema),
    }),
    async (context) => {
      await sessions.deleteOwnMessage(db, context.get('caller'), context.req.valid('param').id);
      return context.json({ success: true });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/session/list/{orgId}/{userId}',
      tags,
      summary: "The caller's sessions, latest first",
      security: signedInSecurity,
      request: { params: sessionOwnerPathSchema },
      responses: answers('The sessions', sessionListResponseSchema),
    }),
    async (context) => {
      const { orgId, userId } = context.req.valid('param');
      return context.json({ sessions: await sessions.listOwnSessions(db, context.get('caller'), orgId, userId) });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/session/all/{orgId}/{userId}',
      tags,
      summary: "Delete all of the caller's sessions",
      security: signedInSecurity,
      request: { params: sessionOwnerPathSchema },
      responses: answers('How many were deleted', deleteAllSessionsResponseSchema),
    }),
    async (context) => {
      const { orgId, userId } = context.req.valid('param');
      const deletedCount = await sessions.deleteAllOwnSessions(db, context.get('caller'), orgId, userId);
      return context.json({ success: true, deletedCount });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/session/{id}/export',
      tags,
      summary: "Signed download links for one of the caller's sessions",
      security: signedInSecurity,
      request: { params: sessionPathSchema },
      responses: answers('The links, valid for five minutes', exportLinksResponseSchema),
    }),
    async (context) => {
      const caller = context.get('caller');
      // 404 unless the session is the caller's own: nobody can mint a link to another's chat.
      const session = await sessions.getOwnSession(db, caller, context.req.valid('param').id);
      const expiresAt = Math.floor(Date.now() / 1000) + exportLinkTtlSeconds;
      const download = (format: ExportFormat) =>
        exportLinks.url({ orgId: caller.orgId, userId: caller.userId, sessionId: session.id, format }, expiresAt);
      const markdownUrl = download('markdown');
      return context.json({
        url: markdownUrl,
        markdown_url: markdownUrl,
        json_url: download('json'),
        expires_at: new Date(expiresAt * 1000).toISOString(),
      });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/session/{id}',
      tags,
      summary: 'One session with its messages',
      security: signedInSecurity,
      request: { params: sessionPathSchema },
      responses: answers('The session', chatSessionWithMessagesSchema),
    }),
    async (context) =>
      context.json(await sessions.getOwnSession(db, context.get('caller'), context.req.valid('param').id)),
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/session/{id}/title',
      tags,
      summary: 'Rename a session',
      security: signedInSecurity,
      request: { params: sessionPathSchema, body: jsonBody(renameSessionRequestSchema) },
      responses: answers('The new title', renameSessionResponseSchema),
    }),
    async (context) => {
      const { title } = context.req.valid('json');
      await sessions.renameOwnSession(db, context.get('caller'), context.req.valid('param').id, title);
      return context.json({ success: true, title });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/session/{id}',
      tags,
      summary: `Delete a session with its messages (restorable for ${sessions.undoWindowMinutes} minutes)`,
      security: signedInSecurity,
      request: { params: sessionPathSchema },
      responses: answers('Deleted', successResponseSchema),
    }),
    async (context) => {
      await sessions.deleteOwnSession(db, context.get('caller'), context.req.valid('param').id);
      return context.json({ success: true });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/session/{id}/restore',
      tags,
      summary: `Undo deleting a session, within ${sessions.undoWindowMinutes} minutes`,
      security: signedInSecurity,
      request: { params: sessionPathSchema },
      responses: answers('The session', chatSessionWithMessagesSchema),
    }),
    async (context) =>
      context.json(await sessions.restoreOwnSession(db, context.get('caller'), context.req.valid('param').id)),
  );
  return router;
}
