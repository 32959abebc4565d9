import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../../tests/support/quoted-printable';
import { createMailer } from './mailer';
import { passwordResetEmail } from './templates';

const silent = pino({ level: 'silent' });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('mailer', () => {
  it('delivers through a real SMTP server when SMTP_URL is set', async () => {
    const received: { to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((address) => address.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => smtp.close(() => resolve())));
    const port = (smtp.server.address() as AddressInfo).port;

    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Tokenwise <no-reply@example.test>',
      outboxDir: '/nonexistent',
      logger: silent,
    });
    await mailer.send(passwordResetEmail('ada@example.test', 'http://app.test/reset-password?token=abc', 60));

    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ada@example.test']);
    expect(received[0]!.data).toContain('Subject: Reset your password');
    expect(decodeQuotedPrintable(received[0]!.data)).toContain('http://app.test/reset-password?token=abc');
  });

  it('writes an .eml file to the outbox without SMTP', async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    cleanups.push(() => rm(outboxDir, { recursive: true, force: true }));
    const mailer = createMailer({ from: 'Tokenwise <no-reply@example.test>', outboxDir, logger: silent });
    await mailer.send(passwordResetEmail('ada@example.test', 'http://app.test/reset-password?token=xyz', 60));
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/ada@example\.test\.eml$/);
    const message = await readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(message).toContain('To: ada@example.test');
    expect(decodeQuotedPrintable(message)).toContain('http://app.test/reset-password?token=xyz');
  });
});
