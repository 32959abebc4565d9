import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server';
import { randomAddress, strongPassword, uniqueName } from './support/client';
import { startHoldingSmtpServer, type HoldingSmtpServer } from './support/holding-smtp-server';
import { ownServerConfig } from './support/own-server';

/**
 * The reset answer must not depend on whether the address has an account, in content or in
 * time. Rather than timing it, these tests hold the known address's e-mail in a real SMTP server
 * and require the answer to come while that delivery is still unfinished: whatever is done for a
 * known address alone happens after the answer.
 */
describe('password-reset e-mails are sent after the answer', () => {
  let smtp: HoldingSmtpServer;
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    smtp = await startHoldingSmtpServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-reset-delivery-'));
    const config = ownServerConfig(dataDir, {
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'true',
      ARGON2_MEMORY_KIB: '8192',
      ARGON2_TIME_COST: '1',
    });
    server = await startServer(config, { pgliteDataDir: 'memory://', webRoot: null });
  });
  afterEach(() => smtp.release());
  afterAll(async () => {
    smtp?.release();
    await server?.close();
    await smtp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const post = (pathname: string, body: unknown) =>
    fetch(`${server.url}/api${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
      body: JSON.stringify(body),
    });
  async function signUp(): Promise<string> {
    const username = uniqueName('reset');
    const email = `${username}@example.test`;
    const answer = await post('/auth/signup', {
      username,
      email,
      password: strongPassword,
      org_name: `Org ${username}`,
    });
    expect(answer.status).toBe(201);
    await smtp.deliveredTo(email, '/verify-email');
    return email;
  }
  /** Status, headers (but the date and the request id) and the body's bytes. */
  async function requestReset(email: string) {
    const response = await post('/auth/password-reset/request', { email });
    const headers = [...response.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id');
    return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') };
  }
  /** Only bounds a failure: an answer that waits for the held e-mail would otherwise never come. */
  const answeredWhileHeld = <T>(answer: Promise<T>) =>
    Promise.race([
      answer,
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error('no answer while the e-mail was held: the answer waits for the delivery')),
          20_000,
        ),
      ),
    ]);

  it('answers a known address while its e-mail is still being delivered, byte for byte as an unknown one', async () => {
    const known = await signUp();
    smtp.hold();
    const forKnown = await answeredWhileHeld(requestReset(known));
    const forUnknown = await requestReset(`${uniqueName('nobody')}@example.test`);
    await smtp.heldFor(known);

    expect(forKnown.status).toBe(200);
    expect(forKnown).toEqual(forUnknown);

    smtp.release();
    const email = await smtp.deliveredTo(known, '/reset-password');
    const token = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(email.text)?.[1];
    expect(token).toBeDefined();
    const confirm = await post('/auth/password-reset/confirm', {
      token: decodeURIComponent(token!),
      new_password: 'Brand-new-pass-2',
    });
    expect(confirm.status).toBe(200);
  });

  // Last: it stops the server.
  it('sends nothing to an unknown address, at most 3 an hour to a known one, and shutdown waits for them', async () => {
    const known = await signUp();
    const unknown = `${uniqueName('nobody')}@example.test`;
    smtp.hold();
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await answeredWhileHeld(requestReset(known)));
    answers.push(await requestReset(unknown));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    await smtp.heldFor(known);

    const events: string[] = [];
    const closed = server.close().then(() => events.push('server closed'));
    // Closing must wait for the held e-mail; were it not to, it would be done long before this.
    await new Promise((resolve) => setTimeout(resolve, 300));
    events.push('e-mails released');
    smtp.release();
    await closed;

    expect(events).toEqual(['e-mails released', 'server closed']);
    expect(
      smtp.delivered
        .filter((message) => message.to.includes(known))
        .filter((message) => message.text.includes('/reset-password')),
    ).toHaveLength(3);
    expect(smtp.delivered.filter((message) => message.to.includes(unknown))).toHaveLength(0);
  });
});
