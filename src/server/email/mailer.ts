import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about; logged in outbox mode so a local user can follow it. */
  link: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}

/** SMTP when configured; otherwise every message becomes an .eml file in the outbox folder. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options) : createOutboxMailer(options);
}

function createSmtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      await transport.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text });
      options.logger.info({ to: email.to, subject: email.subject }, 'email sent');
    },
  };
}

function createOutboxMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(email) {
      const info = await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
      await mkdir(options.outboxDir, { recursive: true });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeRecipient = email.to.replace(/[^A-Za-z0-9@._-]/g, '_');
      const file = path.join(options.outboxDir, `${stamp}-${String(sequence).padStart(4, '0')}-${safeRecipient}.eml`);
      await writeFile(file, info.message as Buffer);
      options.logger.info({ to: email.to, subject: email.subject, file, link: email.link }, 'email written to outbox');
    },
  };
}
