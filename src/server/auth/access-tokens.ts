import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { createHash } from 'node:crypto';

export interface AccessTokenClaims {
  userId: string;
  orgId: string;
  sessionId: string;
}

const issuer = 'tokenwise';
const audience = 'tokenwise-api';

type VerifiedClaims = AccessTokenClaims & { expiresAt: Date };

/** Tokens whose signature was checked, remembered until they expire: a client sends the same one many times. */
const maxRememberedTokens = 10_000;

/**
 * Short-lived HS256 JWTs. The session id ties each token to a revocable sign-in (the caller
 * lookup checks the session on every request; only the signature check is remembered).
 */
export function createAccessTokens(secretKey: string, ttlSeconds: number, clock: () => number = Date.now) {
  const key = createHash('sha256').update(`access-token:${secretKey}`).digest();
  const verified = new Map<string, VerifiedClaims>();

  function remember(token: string, claims: VerifiedClaims): void {
    verified.set(token, claims);
    if (verified.size > maxRememberedTokens) verified.delete(verified.keys().next().value!);
  }

  return {
    ttlSeconds,
    async sign(claims: AccessTokenClaims, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = new Date((issuedAt + ttlSeconds) * 1000);
      const token = await new SignJWT({ org: claims.orgId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    /** Returns the claims of a valid token, or undefined for anything else (expired, forged, malformed). */
    async verify(token: string): Promise<VerifiedClaims | undefined> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt.getTime() > clock()) return known;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer, audience, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.sid !== 'string') {
          return undefined;
        }
        const claims = {
          userId: payload.sub,
          orgId: payload.org,
          sessionId: payload.sid,
          expiresAt: new Date((payload.exp ?? 0) * 1000),
        };
        remember(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
