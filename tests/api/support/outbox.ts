import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { decodeQuotedPrintable } from '../../support/quoted-printable';

/** The newest e-mail written to the outbox for an address, with its link's token (the suite server's, or that of a server with `dataDir`). */
export async function latestEmailTo(address: string, subjectIncludes?: string, dataDir = inject('dataDir')) {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file), 'utf8');
    const decoded = decodeQuotedPrintable(raw);
    if (!new RegExp(`^To: .*${escapeRegExp(address)}`, 'im').test(decoded)) continue;
    const subject = /^Subject: (.*)$/m.exec(decoded)?.[1] ?? '';
    if (subjectIncludes && !subject.includes(subjectIncludes)) continue;
    const link = /(https?:\/\/\S+\?token=[A-Za-z0-9_%-]+)/.exec(decoded)?.[1];
    const token = link ? decodeURIComponent(new URL(link).searchParams.get('token') ?? '') : undefined;
    return { file, subject, link, token, text: decoded };
  }
  return undefined;
}

/**
 * Waits for an e-mail to the address as latestEmailTo finds it, for e-mails sent after the answer
 * (password reset); `unlessToken` skips one already seen.
 */
export async function waitForEmailTo(address: string, subjectIncludes: string, unlessToken?: string) {
  // Only bounds a failure, inside the suite's 30-second test timeout.
  const giveUpAt = Date.now() + 25_000;
  while (Date.now() < giveUpAt) {
    const email = await latestEmailTo(address, subjectIncludes);
    if (email && email.token !== unlessToken) return email;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no new e-mail to ${address} with "${subjectIncludes}" in its subject`);
}

/** E-mails to an address in the suite server's outbox, or in the outbox of a server started with `dataDir`. */
export async function countEmailsTo(address: string, dataDir: string = inject('dataDir')): Promise<number> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
  let count = 0;
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file), 'utf8');
    if (new RegExp(`^To: .*${escapeRegExp(address)}`, 'im').test(raw)) count += 1;
  }
  return count;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
