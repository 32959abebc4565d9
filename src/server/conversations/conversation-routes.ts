import { Hono, type MiddlewareHandler } from 'hono';
import { exportLinkRefused, editMessageRequestSchema, regenerateRequestSchema, renameSessionRequestSchema, sendMessageRequestSchema, startConversationRequestSchema } from '../../contracts';
import { CallerChanged } from '../auth/recent-callers';
import type { AppEnv, Caller } from '../http/context';
import { forbidden } from '../http/app-error';
import { readJson } from '../http/read-json';
import type { ConversationDependencies } from './conversation-dependencies';
import { exportFile, type ExportFormat } from './export-conversation';
import { exportLinkTtlSeconds } from './export-links';
import { listUsableModels, presentModel } from './model-access';
import { regenerateReply } from './regenerate-service';
import { completeWithoutStreaming } from './reply-answer';
import { sendMessage } from './send-message-service';
import * as sessions from './session-service';
import { streamReply } from './stream-reply';

/** Mounted at /conversation. Every call acts on the caller's own sessions only. */
export function createConversationRoutes(
  dependencies: ConversationDependencies,
  signedIn: MiddlewareHandler<AppEnv>,
  /** For the chat message only: the model is asked while the sign-in is checked again (docs/decisions/013). */
  signedInProvisionally: MiddlewareHandler<AppEnv> = signedIn,
) {
  const { db, exportLinks } = dependencies;
  return new Hono<AppEnv>()
    // Before the sign-in check: a new tab sends no bearer token, the signed link is the grant.
    .get('/session/:id/export/download', async (context) => {
      const sessionId = context.req.param('id');
      const checked = exportLinks.check(sessionId, (name) => context.req.query(name));
      if (!checked.ok) throw forbidden(exportLinkRefused);
      const { orgId, userId, format } = checked.grant;
      // The session must still belong to that user in that organisation (deleted: 404).
      const file = exportFile(await sessions.getSessionOf(db, { orgId, userId }, sessionId), format);
      context.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
      context.header('Content-Type', file.contentType);
      context.header('Referrer-Policy', 'no-referrer');
      return context.body(file.body);
    })
    .post('/message', signedInProvisionally, async (context) => {
      const signIn = context.get('signIn');
      try {
        const input = await readJson(context, sendMessageRequestSchema);
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
        const { reply } = await send(context.get('caller'), signIn).catch((error: unknown) => {
          // Rolled back with its model call: send again as the caller is now (e.g. with a new role).
          if (error instanceof CallerChanged) return send(error.current, undefined);
          throw error;
        });
        return input.stream ? streamReply(context, reply) : context.json(await completeWithoutStreaming(reply));
      } catch (error) {
        // No answer, not even a refusal, before the sign-in is confirmed: an ended one gets 401.
        if (signIn && !(error instanceof CallerChanged)) await signIn.confirm();
        throw error;
      }
    })
    .use(signedIn)
    .get('/models', async (context) => {
      const usable = await listUsableModels(dependencies, context.get('caller'));
      return context.json({ models: usable.map(presentModel) });
    })
    .post('/regenerate', async (context) => {
      const input = await readJson(context, regenerateRequestSchema);
      const reply = await regenerateReply(dependencies, context.get('caller'), input, context.req.raw.signal);
      return input.stream ? streamReply(context, reply) : context.json(await completeWithoutStreaming(reply));
    })
    .post('/start', async (context) => {
      const input = await readJson(context, startConversationRequestSchema);
      const { reply } = await sendMessage(dependencies, context.get('caller'), { ...input, session_id: undefined, stream: false });
      return context.json(await completeWithoutStreaming(reply), 201);
    })
    .put('/message/:id', async (context) => {
      const { content } = await readJson(context, editMessageRequestSchema);
      const message = await sessions.editOwnMessage(db, context.get('caller'), context.req.param('id'), content);
      return context.json({ success: true, message });
    })
    .delete('/message/:id', async (context) => {
      await sessions.deleteOwnMessage(db, context.get('caller'), context.req.param('id'));
      return context.json({ success: true });
    })
    .get('/session/list/:orgId/:userId', async (context) => {
      const { orgId, userId } = context.req.param();
      return context.json({ sessions: await sessions.listOwnSessions(db, context.get('caller'), orgId, userId) });
    })
    .delete('/session/all/:orgId/:userId', async (context) => {
      const { orgId, userId } = context.req.param();
      const deletedCount = await sessions.deleteAllOwnSessions(db, context.get('caller'), orgId, userId);
      return context.json({ success: true, deletedCount });
    })
    .get('/session/:id/export', async (context) => {
      const caller = context.get('caller');
      // 404 unless the session is the caller's own: nobody can mint a link to another's chat.
      const session = await sessions.getOwnSession(db, caller, context.req.param('id'));
      const expiresAt = Math.floor(Date.now() / 1000) + exportLinkTtlSeconds;
      const download = (format: ExportFormat) => exportLinks.url({ orgId: caller.orgId, userId: caller.userId, sessionId: session.id, format }, expiresAt);
      const markdownUrl = download('markdown');
      return context.json({ url: markdownUrl, markdown_url: markdownUrl, json_url: download('json'), expires_at: new Date(expiresAt * 1000).toISOString() });
    })
    .get('/session/:id', async (context) => context.json(await sessions.getOwnSession(db, context.get('caller'), context.req.param('id'))))
    .put('/session/:id/title', async (context) => {
      const { title } = await readJson(context, renameSessionRequestSchema);
      await sessions.renameOwnSession(db, context.get('caller'), context.req.param('id'), title);
      return context.json({ success: true, title });
    })
    .delete('/session/:id', async (context) => {
      await sessions.deleteOwnSession(db, context.get('caller'), context.req.param('id'));
      return context.json({ success: true });
    });
}
