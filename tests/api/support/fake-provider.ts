import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FakeReply } from '../../../src/gateway/testing/fake-reply';
import { scriptMarker } from '../../support/scripted-providers';

/** One request the scripted fake provider received, with how its answer ended. */
export interface ProviderRequest {
  path: string;
  body: { model?: string; messages?: { role: string; content: unknown }[]; stream?: boolean };
  ending: string;
}

/**
 * Scripts the provider's answers to prompts carrying the returned marker (one reply per request,
 * in order); put the marker anywhere in the prompt.
 */
export async function scriptProvider(
  ...replies: FakeReply[]
): Promise<{ marker: string; requests(): Promise<ProviderRequest[]> }> {
  const key = randomBytes(6).toString('hex');
  const base = inject('fakeProviderUrl');
  const answer = await fetch(`${base}/_scripts`, { method: 'POST', body: JSON.stringify({ key, replies }) });
  if (!answer.ok) throw new Error(`scripting the fake provider failed: ${answer.status}`);
  return {
    marker: scriptMarker(key),
    requests: async () => (await (await fetch(`${base}/_scripts/${key}/requests`)).json()) as ProviderRequest[],
  };
}
