import { generateSecret, generateURI, verify } from 'otplib';

const issuer = 'Tokenwise';

export function createTotpSecret(): string {
  return generateSecret();
}

export function buildOtpauthUrl(secret: string, accountName: string): string {
  return generateURI({ issuer, label: accountName, secret });
}

/**
 * Checks a six-digit code, allowing one step of clock drift either way. Returns the code's time
 * step, or undefined when the code is wrong or was already used (step not after the last one).
 */
export async function verifyTotpCode(
  secret: string,
  code: string,
  lastAcceptedStep: number | null,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  if (!result.valid) return undefined;
  const step = 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : undefined;
  if (step === undefined) return undefined;
  if (lastAcceptedStep !== null && step <= lastAcceptedStep) return undefined;
  return step;
}
