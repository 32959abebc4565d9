/** The few HTTP calls the routing benchmark makes against a running server, timed to the last byte. */
import { randomBytes } from 'node:crypto';
import { parseStreamBody, type AuthResponse, type StreamMetadata } from '../../src/contracts';

export interface SignedUpUser {
  token: string;
  userId: string;
  orgId: string;
}

export async function signUp(baseUrl: string, name: string): Promise<SignedUpUser> {
  const username = `${name}-${randomBytes(4).toString('hex')}`;
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.test`,
      password: 'Correct-Horse-9',
      org_name: `Org ${username}`,
    }),
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const auth = (await response.json()) as AuthResponse;
  return { token: auth.token, userId: auth.user.id, orgId: auth.user.org_id };
}

export interface TimedReply {
  status: number;
  /** From just before the request is sent to the last byte of the body. */
  ms: number;
  text: string;
  metadata?: StreamMetadata;
}

/** POST /api/conversation/message (streamed), read to its end; a new session each time. */
export async function sendTimedMessage(
  baseUrl: string,
  user: SignedUpUser,
  prompt: string,
  forcedModelId?: string,
): Promise<TimedReply> {
  const body = JSON.stringify({
    org_id: user.orgId,
    user_id: user.userId,
    prompt,
    stream: true,
    forced_model_id: forcedModelId ?? null,
  });
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/conversation/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) return { status: response.status, ms, text };
  const parsed = parseStreamBody(text);
  return { status: response.status, ms, text: parsed.text, metadata: parsed.metadata };
}
