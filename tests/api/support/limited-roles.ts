import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { parseStreamBody, type ParsedStream } from '../../../src/contracts';
import { startFakeProviderServer } from '../../../src/gateway/testing/fake-provider-server';
import type { Database } from '../../../src/server/db/database';
import { rolePermissions, roles, usageRecords, users } from '../../../src/server/db/schema';
import { startServer, type RunningServer } from '../../../src/server/server';
import { strongPassword, uniqueName } from './client';
import { roomStillHeld } from './held-room';
import { ownServerConfig } from './own-server';

/** One model a role enables, with its limits (spec section 3). */
export interface ModelPermission {
  modelId: string;
  maxTokensPerRequest?: number;
  monthlyTokenLimit?: number;
  /** Dollars, as the column's text. */
  costLimit?: string;
}

export interface LimitedUser {
  token: string;
  userId: string;
  orgId: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
  json: () => any;
  parsed: ParsedStream;
}

/**
 * A server of the test's own (in-memory PGlite, or the suite's PostgreSQL server) whose OpenAI and
 * Anthropic models answer from one fake provider the test scripts and reads, with helpers to give
 * a user a role of chosen limits. Roles are written to the database, as an administrator's role
 * screen would write them (the roles API is another part of the issue).
 */
export async function startLimitsServer(
  variables: Record<string, string> = {},
  providerOptions: Parameters<typeof startFakeProviderServer>[0] = {},
) {
  const provider = await startFakeProviderServer(providerOptions);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-limits-'));
  const config = ownServerConfig(dataDir, {
    OPENAI_API_KEY: 'sk-test-dummy',
    OPENAI_BASE_URL: `${provider.url}/v1`,
    ANTHROPIC_API_KEY: 'sk-ant-test-dummy',
    ANTHROPIC_BASE_URL: `${provider.url}/v1`,
    // Every test signs up organisations of its own from this one address.
    SIGNUP_MAX_PER_ADDRESS: '1000',
    ...variables,
  });
  const servers: RunningServer[] = [await startServer(config, { pgliteDataDir: 'memory://', webRoot: null })];
  const server = servers[0]!;
  const db = server.database.db;

  async function call(
    pathname: string,
    token: string | undefined,
    body?: unknown,
    on: RunningServer = server,
  ): Promise<Answer> {
    const response = await fetch(`${on.url}/api${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text,
      json: () => JSON.parse(text),
      parsed: parseStreamBody(text),
    };
  }

  /** A new organisation's first user, its administrator (the built-in Admin role). */
  async function newAdministrator(prefix = 'admin'): Promise<LimitedUser> {
    const username = uniqueName(prefix);
    const signup = await call('/auth/signup', undefined, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: `Org ${username}`,
    });
    expect(signup.status, signup.body).toBe(201);
    const { token, user } = signup.json() as { token: string; user: { id: string; org_id: string } };
    return { token, userId: user.id, orgId: user.org_id };
  }

  /** An API key of the user's own (POST /api/api-keys), with its secret. */
  async function createApiKey(user: LimitedUser, body: Record<string, unknown> = {}) {
    const answer = await call('/api-keys', user.token, { name: uniqueName('key'), ...body });
    expect(answer.status, answer.body).toBe(201);
    return answer.json() as { key: { id: string }; secret: string };
  }

  /** A new organisation's first user, moved to a role enabling exactly `permissions`. */
  async function limitedUser(
    permissions: ModelPermission[],
    roleName = 'Limited',
    shortenRepliesToFit = true,
  ): Promise<LimitedUser> {
    const user = await newAdministrator('limits');
    await giveRole(db, user.orgId, user.userId, roleName, permissions, shortenRepliesToFit);
    return user;
  }

  const send = (user: LimitedUser, prompt: string, forcedModelId?: string | null, on?: RunningServer) =>
    call(
      '/conversation/message',
      user.token,
      { org_id: user.orgId, user_id: user.userId, prompt, forced_model_id: forcedModelId ?? null, stream: true },
      on,
    );

  /** The user's usage records this month (tokens and exact cost as text) and the room still held for them once calls end. */
  async function books(user: LimitedUser) {
    const [recorded] = await db
      .select({
        records: sql<number>`count(*)::integer`,
        tokens: sql<number>`coalesce(sum(${usageRecords.inputTokens} + ${usageRecords.outputTokens}), 0)::integer`,
        cost: sql<string>`coalesce(sum(${usageRecords.costUsd}), 0)::text`,
      })
      .from(usageRecords)
      .where(and(eq(usageRecords.orgId, user.orgId), eq(usageRecords.userId, user.userId)));
    // Every user here is the only one of their organisation: what the organisation holds is theirs.
    const held = await roomStillHeld(servers, db, user.orgId);
    return {
      records: Number(recorded!.records),
      tokens: Number(recorded!.tokens),
      cost: recorded!.cost,
      reservations: held.limits,
    };
  }

  /** Another instance on the same database (PostgreSQL only), sharing the data folder's secret key. */
  async function startAnotherInstance(): Promise<RunningServer> {
    const another = await startServer(config, { webRoot: null });
    servers.push(another);
    return another;
  }

  return {
    server,
    db,
    provider,
    call,
    send,
    newAdministrator,
    createApiKey,
    limitedUser,
    books,
    startAnotherInstance,
    async close(): Promise<void> {
      for (const running of servers) await running.close();
      await provider.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type LimitsServer = Awaited<ReturnType<typeof startLimitsServer>>;

/**
 * Creates a role in the organisation enabling exactly `permissions` (new-role defaults otherwise) and
 * gives it to the user. The role shortens replies to fit what is left (decision 019's behaviour,
 * which these tests were written for) unless `shortenRepliesToFit` is false (docs/decisions/051).
 */
export async function giveRole(
  db: Database,
  orgId: string,
  userId: string,
  name: string,
  permissions: ModelPermission[],
  shortenRepliesToFit = true,
): Promise<string> {
  const roleId = randomUUID();
  await db.insert(roles).values({
    id: roleId,
    orgId,
    name: `${name} ${roleId.slice(0, 8)}`,
    description: 'For limits tests',
    shortenRepliesToFit,
  });
  if (permissions.length > 0) {
    await db.insert(rolePermissions).values(
      permissions.map((permission) => ({
        roleId,
        orgId,
        modelId: permission.modelId,
        isEnabled: true,
        maxTokensPerRequest: permission.maxTokensPerRequest ?? 2000,
        monthlyTokenLimit: permission.monthlyTokenLimit ?? 100_000,
        costLimit: permission.costLimit ?? '50',
      })),
    );
  }
  await db
    .update(users)
    .set({ roleId })
    .where(and(eq(users.orgId, orgId), eq(users.id, userId)));
  return roleId;
}

/** The first day of next month (UTC), as the refusals name it. */
export function nextMonthStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}
