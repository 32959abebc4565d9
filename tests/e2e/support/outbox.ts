import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { decodeQuotedPrintable } from '../../support/quoted-printable';
import { e2eOutboxDir } from './environment';

async function newestMessageFor(address: string): Promise<string | undefined> {
  const files = await readdir(e2eOutboxDir).catch(() => [] as string[]);
  // File names start with an ISO timestamp, so a name sort is a time sort.
  const matching = files.filter((file) => file.endsWith('.eml') && file.includes(address)).sort();
  const newest = matching.at(-1);
  return newest ? decodeQuotedPrintable(await readFile(path.join(e2eOutboxDir, newest), 'utf8')) : undefined;
}

/** Waits for the newest e-mail to the address and returns the first link to the given page. */
export async function readLinkFromOutbox(address: string, pagePath: string): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const message = await newestMessageFor(address);
        link = message?.match(new RegExp(`https?://[^\\s"<>]+${pagePath}\\?token=[^\\s"<>]+`))?.[0];
        return link;
      },
      { message: `an e-mail to ${address} with a ${pagePath} link`, timeout: 10_000 },
    )
    .toBeTruthy();
  return new URL(link as string);
}
