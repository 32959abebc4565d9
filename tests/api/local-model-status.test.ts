import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';

describe('GET /conversation/local-model', () => {
  it('says the embedded model is disabled on a server that runs without it, to signed-in people only', async () => {
    const person = await signUpOrganisation();
    expect(await api('/conversation/local-model', { token: person.auth.token })).toMatchObject({
      status: 200,
      body: { state: 'disabled', progress: null },
    });
    expect((await api('/conversation/local-model')).status).toBe(401);
  });
});
