import { describe, expect, inject, it } from 'vitest';
import { api, randomAddress, signUpOrganisation } from './support/client';

/** How bodies reach the schemas, and the document of them (docs/decisions/016). */
describe('the validation layer', () => {
  // No body at all when `body` is undefined (fetch would send text/plain for a string).
  const post = (pathname: string, body: string | undefined, headers: Record<string, string>) =>
    fetch(`${inject('baseUrl')}/api${pathname}`, {
      method: 'POST',
      body,
      headers: { 'x-forwarded-for': randomAddress(), ...headers },
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { code: string; message: string; fields?: Record<string, string> },
    }));

  it('reads an empty JSON body as {}, so each field says it is required', async () => {
    for (const body of ['', '  \n']) {
      const answer = await post('/auth/login', body, { 'content-type': 'application/json' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Username is required');
      expect(answer.body.fields).toEqual({ username: 'Username is required', password: 'Password is required' });
    }
    expect((await post('/auth/login', undefined, {})).body.message).toBe('Username is required');
  });

  it('refuses a body that is not a JSON object, or not sent as JSON, with a clear message', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const answer = await post('/auth/login', body, { 'content-type': 'application/json' });
      expect(answer.status, body).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'validation_failed',
        message: 'The request body must be a JSON object.',
      });
    }
    expect(
      (await post('/auth/login', '{"username":', { 'content-type': 'application/json; charset=utf-8' })).body,
    ).toMatchObject({
      code: 'malformed_json',
      message: 'Malformed JSON in request body',
    });
    // Malformed or not, input is refused only after the sign-in check: a stranger learns nothing from it.
    expect((await post('/conversation/message', '{"prompt":', { 'content-type': 'application/json' })).status).toBe(
      401,
    );
    for (const headers of [{ 'content-type': 'text/plain' }, {}] as Record<string, string>[]) {
      const answer = await post('/auth/login', '{"username":"a","password":"b"}', headers);
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({
        code: 'unsupported_media_type',
        message: 'Send the request body as JSON (Content-Type: application/json).',
      });
    }
  });

  it('checks params and query before the sign-in is even needed, but never before it is asked for', async () => {
    const { token } = (await signUpOrganisation()).auth;
    // Signed-in routes answer 401 to a caller without a token, whatever the input.
    expect((await api('/conversation/session/not-a-uuid')).status).toBe(401);
    const month = await api('/tokens/usage/00000000-0000-4000-8000-000000000000/2026-13/monthly', { token });
    expect(month.body).toMatchObject({
      code: 'validation_failed',
      message: 'Month must look like YYYY-MM',
      fields: { month: 'Month must look like YYYY-MM' },
    });
    const count = await api('/tokens/estimate/openai/gpt-4o-mini?tokenCount=1e3', { token });
    expect(count.body.message).toBe('Token count is required');
  });

  it('serves the OpenAPI document to anyone', async () => {
    const answer = await api('/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.body.openapi).toBe('3.1.0');
    expect(answer.body.servers).toEqual([{ url: '/api' }]);
    const message = answer.body.paths['/conversation/message'].post;
    expect(Object.keys(message.responses['200'].content)).toEqual(['text/plain', 'application/json']);
    expect(message.requestBody.content['application/json'].schema.required).toEqual(['org_id', 'user_id', 'prompt']);
    expect(
      answer.body.paths['/tokens/estimate/{modelId}'].get.parameters.map(
        (parameter: { name: string }) => parameter.name,
      ),
    ).toEqual(['modelId', 'tokenCount']);
    for (const path of ['/chat/completions', '/messages', '/embeddings', '/decisions/{decision_id}/rating']) {
      expect(answer.body.paths[path]?.servers, path).toEqual([{ url: '/v1' }]);
      expect(answer.body.paths[path].post.security, path).toEqual([{ apiKeyBearer: [] }, { apiKeyHeader: [] }]);
    }
    const embeddings = answer.body.paths['/embeddings'].post;
    expect(embeddings.requestBody.content['application/json'].schema.required).toEqual(['model', 'input']);
    expect(embeddings.responses['200'].headers).toHaveProperty('x-tokenwise-cost-usd');
  });
});
