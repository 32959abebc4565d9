import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { ExportFormat } from './export-conversation';

/** How long an export link works: long enough to open it, short enough that a leaked one soon dies. */
export const exportLinkTtlSeconds = 5 * 60;

/** Everything a download link is good for: one session of one user in one organisation, one format, until `expiresAt`. */
export interface ExportGrant {
  orgId: string;
  userId: string;
  sessionId: string;
  format: ExportFormat;
  /** Unix seconds. */
  expiresAt: number;
}

export type ExportLinkCheck = { ok: true; grant: ExportGrant } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signed download links for conversation exports. The sidebar opens the link in a new tab, which
 * cannot send the bearer token, so the link itself carries the grant: an HMAC-SHA256 (key derived
 * from the server's secret key for this purpose only) over organisation, user, session, format
 * and expiry. The download still checks that the session belongs to that user in that organisation.
 */
export function createExportLinks(secretKey: string, now: () => number = () => Date.now()) {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'tokenwise', 'export-links:v1', 32));
  const sign = (grant: ExportGrant) =>
    createHmac('sha256', key)
      .update(['v1', grant.orgId, grant.userId, grant.sessionId, grant.format, String(grant.expiresAt)].join('\n'))
      .digest('base64url');

  return {
    /** The download path with its grant in the query, valid for `exportLinkTtlSeconds`. */
    url(grant: Omit<ExportGrant, 'expiresAt'>, expiresAt = Math.floor(now() / 1000) + exportLinkTtlSeconds): string {
      const full = { ...grant, expiresAt };
      const query = new URLSearchParams({
        format: full.format,
        org: full.orgId,
        user: full.userId,
        expires: String(full.expiresAt),
        signature: sign(full),
      });
      return `/api/conversation/session/${encodeURIComponent(grant.sessionId)}/export/download?${query.toString()}`;
    },
    /** Checks a download request's grant: the signature must match every field, and not be expired. */
    check(sessionId: string, query: (name: string) => string | undefined): ExportLinkCheck {
      const format = query('format');
      const orgId = query('org');
      const userId = query('user');
      const expires = query('expires');
      const signature = query('signature');
      if (
        (format !== 'markdown' && format !== 'json') ||
        !orgId ||
        !userId ||
        !expires ||
        !signature ||
        !/^\d{1,12}$/.test(expires)
      ) {
        return { ok: false, reason: 'invalid' };
      }
      const grant: ExportGrant = { orgId, userId, sessionId, format, expiresAt: Number(expires) };
      const expected = Buffer.from(sign(grant));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      if (grant.expiresAt * 1000 <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, grant };
    },
  };
}

export type ExportLinks = ReturnType<typeof createExportLinks>;
