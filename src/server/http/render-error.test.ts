import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import type { AppEnv } from './context';
import { renderError } from './render-error';

function appThrowing(error: unknown, logged: unknown[]) {
  const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  const app = new Hono<AppEnv>();
  app.use(async (context, next) => {
    context.set('requestId', 'request-123');
    context.set('logger', logger);
    await next();
  });
  app.onError(renderError);
  app.get('/', () => {
    throw error;
  });
  return app;
}

describe('renderError', () => {
  it('hides the details of an unexpected failure, logs them, and gives a request id', async () => {
    const logged: unknown[] = [];
    const response = await appThrowing(new Error('database password is hunter2'), logged).request('/');
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({
      code: 'internal',
      message: 'Internal server error',
      detail: 'Internal server error',
      request_id: 'request-123',
    });
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('renders an AppError with its status, message, fields and Retry-After', async () => {
    const error = new AppError('too_many_requests', 'Slow down', {
      retryAfterSeconds: 12.2,
      fields: { username: 'x' },
    });
    const response = await appThrowing(error, []).request('/');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('13');
    expect(await response.json()).toEqual({
      code: 'too_many_requests',
      message: 'Slow down',
      detail: 'Slow down',
      fields: { username: 'x' },
    });
  });

  it("renders the validation layer's own refusals as ours, not as server failures", async () => {
    const logged: unknown[] = [];
    const unsupported = await appThrowing(
      new HTTPException(415, { message: 'Unsupported Media Type' }),
      logged,
    ).request('/');
    expect(unsupported.status).toBe(415);
    expect(await unsupported.json()).toEqual({
      code: 'unsupported_media_type',
      message: 'Send the request body as JSON (Content-Type: application/json).',
      detail: 'Send the request body as JSON (Content-Type: application/json).',
    });
    const malformed = await appThrowing(
      new HTTPException(400, { message: 'Malformed JSON in request body' }),
      logged,
    ).request('/');
    expect(await malformed.json()).toMatchObject({ code: 'malformed_json', message: 'Malformed JSON in request body' });
    expect(logged).toEqual([]);
  });
});
