import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { createHash } from 'node:crypto';

export interface AccessTokenClaims {
  userId: string;
  orgId: string;
  sessionId: string;
}

const issuer = 'tokenwise';
const audience = 'tokenwise-api';

/** Short-lived HS256 JWTs. The session id ties each token to a revocable sign-in. */
export function createAccessTokens(secretKey: string, ttlSeconds: number) {
  const key = createHash('sha256').update(`access-token:${secretKey}`).digest();

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
    async verify(token: string): Promise<(AccessTokenClaims & { expiresAt: Date }) | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, audience, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.sid !== 'string') {
          return undefined;
        }
        return {
          userId: payload.sub,
          orgId: payload.org,
          sessionId: payload.sid,
          expiresAt: new Date((payload.exp ?? 0) * 1000),
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
