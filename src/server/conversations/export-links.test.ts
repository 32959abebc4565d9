import { describe, expect, it } from 'vitest';
import { createExportLinks, exportLinkTtlSeconds } from './export-links';

const grant = { orgId: 'org-1', userId: 'user-1', sessionId: 'session-1', format: 'json' as const };
const queryOf = (url: string) => {
  const params = new URL(url, 'http://x').searchParams;
  return (name: string) => params.get(name) ?? undefined;
};

describe('export links', () => {
  it('grants the signed session, user, organisation and format until the expiry, about five minutes', () => {
    let now = 1_800_000_000_000;
    const links = createExportLinks('a-secret-key-of-enough-length-123456', () => now);
    const url = links.url(grant);
    expect(url.startsWith('/api/conversation/session/session-1/export/download?')).toBe(true);
    expect(links.check('session-1', queryOf(url))).toEqual({
      ok: true,
      grant: { ...grant, expiresAt: now / 1000 + exportLinkTtlSeconds },
    });
    expect(exportLinkTtlSeconds).toBe(300);
    now += exportLinkTtlSeconds * 1000 - 1;
    expect(links.check('session-1', queryOf(url)).ok).toBe(true);
    now += 1;
    expect(links.check('session-1', queryOf(url))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses any changed field, another session, another server key and a missing signature', () => {
    const links = createExportLinks('a-secret-key-of-enough-length-123456');
    const url = links.url(grant);
    const changed = (name: string, value: string) => {
      const parsed = new URL(url, 'http://x');
      parsed.searchParams.set(name, value);
      return queryOf(parsed.toString());
    };
    for (const [name, value] of [
      ['org', 'org-2'],
      ['user', 'user-2'],
      ['format', 'markdown'],
      ['expires', '99999999999'],
      ['signature', 'x'],
      ['signature', ''],
    ]) {
      expect(links.check('session-1', changed(name!, value!)), name).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(links.check('session-2', queryOf(url)).ok).toBe(false);
    expect(createExportLinks('another-secret-key-of-enough-length-9').check('session-1', queryOf(url)).ok).toBe(false);
  });
});
