import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { parseStreamBody, type ParsedStream } from '../../../src/contracts';
import { startFakeProviderServer, type FakeProviderServer } from '../../../src/gateway/testing/fake-provider-server';
import { roles, users } from '../../../src/server/db/schema';
import { startServer, type RunningServer } from '../../../src/server/server';
import { strongPassword, uniqueName } from './client';
import { createOwnDatabase } from './own-database';
import { ownServerConfig } from './own-server';
import { grantEveryFeatureOnFreeTrial } from './plan-grants';

export interface Person {
  token: string;
  userId: string;
  orgId: string;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
  body: any;
}

/**
 * A server of the analytics tests' own, so they can reach its database: to date records a day back,
 * to give people roles the API cannot create yet (billing and model managers), and to compare the
 * usage roll-ups with the records. OpenAI and Anthropic models answer from one fake provider.
 */
export interface AnalyticsServer {
  server: RunningServer;
  provider: FakeProviderServer;
  call(pathname: string, token?: string, method?: string, body?: unknown): Promise<Answer>;
  /** A new organisation and its first user, an admin. */
  signUp(): Promise<Person>;
  /** Someone in the organisation with a role of that name (created when missing), signed in. */
  personWithRole(orgId: string, roleName: string): Promise<Person>;
  /** A chat message, streamed to its end. */
  send(person: Person, prompt: string, extra?: Record<string, unknown>): Promise<ParsedStream & { status: number }>;
  close(): Promise<void>;
}

/**
 * `variables`: more settings of the server's own. `everyFeatureOnFreeTrial`: the Free Trial includes
 * every plan feature on this server (on a database of its own, as that changes a plan).
 */
export async function startAnalyticsServer(
  variables: Record<string, string> = {},
  options: { everyFeatureOnFreeTrial?: boolean } = {},
): Promise<AnalyticsServer> {
  const provider = await startFakeProviderServer();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-analytics-'));
  const ownDatabase = options.everyFeatureOnFreeTrial ? await createOwnDatabase() : undefined;
  const server = await startServer(
    ownServerConfig(dataDir, {
      ...(ownDatabase?.url ? { DATABASE_URL: ownDatabase.url } : {}),
      OPENAI_API_KEY: 'sk-test-dummy',
      OPENAI_BASE_URL: `${provider.url}/v1`,
      ANTHROPIC_API_KEY: 'sk-ant-test-dummy',
      ANTHROPIC_BASE_URL: `${provider.url}/v1`,
      // Dozens of replies at once on models whose whole reply may cost ~$1 each: the wallet (docs/decisions/022) holds that
      // much per reply in progress, so these organisations start with more than the trial's $5.
      TRIAL_CREDIT_USD: '1000',
      ...variables,
    }),
    { pgliteDataDir: 'memory://', webRoot: null },
  );
  const db = server.database.db;
  if (options.everyFeatureOnFreeTrial) await grantEveryFeatureOnFreeTrial(db);

  async function call(pathname: string, token?: string, method = 'GET', body?: unknown): Promise<Answer> {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  return {
    server,
    provider,
    call,
    async signUp() {
      const username = uniqueName('analytics');
      const answer = await call('/auth/signup', undefined, 'POST', {
        username,
        email: `${username}@example.test`,
        password: strongPassword,
        org_name: `Org ${username}`,
      });
      expect(answer.status).toBe(201);
      return { token: answer.body.token, userId: answer.body.user.id, orgId: answer.body.user.org_id };
    },
    async personWithRole(orgId, roleName) {
      const [existing] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.orgId, orgId), sql`lower(${roles.name}) = lower(${roleName})`));
      const roleId =
        existing?.id ?? (await db.insert(roles).values({ orgId, name: roleName }).returning({ id: roles.id }))[0]!.id;
      const username = uniqueName('person');
      const [user] = await db
        .insert(users)
        .values({
          orgId,
          roleId,
          username,
          email: `${username}@example.test`,
          passwordHash: await hash(strongPassword),
          status: 'active',
        })
        .returning({ id: users.id });
      const login = await call('/auth/login', undefined, 'POST', { username, password: strongPassword });
      expect(login.status).toBe(200);
      return { token: login.body.token, userId: user!.id, orgId };
    },
    async send(person, prompt, extra = {}) {
      const response = await fetch(`${server.url}/api/conversation/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` },
        body: JSON.stringify({ org_id: person.orgId, user_id: person.userId, prompt, stream: true, ...extra }),
      });
      return { status: response.status, ...parseStreamBody(await response.text()) };
    },
    async close() {
      await server.close();
      await provider.close();
      await ownDatabase?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
