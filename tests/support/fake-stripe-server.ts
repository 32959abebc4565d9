import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { paymentMethodOfTestCard, testCardByPaymentMethod } from '../../src/server/wallet/test-cards';
import { checkoutPage } from './fake-stripe-checkout-page';

/**
 * A local server speaking the part of Stripe's API the wallet uses, over real HTTP, for tests:
 * form-encoded bodies (`metadata[payment_id]=…`), bearer secret keys, Idempotency-Key semantics
 * (the same key and body replays the first answer with `Idempotent-Replayed: true`, another body
 * is a 400 idempotency_error), PaymentIntents (create with or without confirm, retrieve, search by
 * metadata), customers, card errors as Stripe words them (402, `error.payment_intent`), Checkout
 * sessions (create, retrieve, expire) with a minimal hosted page at the session's `url` where a
 * test card number is typed (it makes and confirms the session's PaymentIntent, then redirects to
 * `success_url`), and webhooks signed as Stripe signs them
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`).
 */
export interface FakeStripeServer {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are delivered; unset, none are sent. */
  webhookUrl: string | undefined;
  /** Every API request, in order. */
  requests: { method: string; path: string; idempotencyKey?: string; body: Record<string, unknown> }[];
  intents: Map<string, Intent>;
  sessions: Map<string, CheckoutSession>;
  /** Events sent (or that would have been), in order. */
  events: StripeEvent[];
  /** While true, a PaymentIntent is created (and charged) but the request is never answered, as if the caller died first. */
  holdIntentAnswers: boolean;
  /** The customer confirms a pending intent (as Stripe.js would) with a test PaymentMethod. */
  confirmIntent(id: string, paymentMethod: string): Promise<Intent>;
  /** A session's time runs out (as after 24 hours): expired, its intent cancelled, the events sent. */
  expireSession(id: string): Promise<CheckoutSession>;
  /** Sends an event (again) to the webhook URL, signed, or with another signature; answers the HTTP status. */
  deliver(event: StripeEvent, options?: { signature?: string }): Promise<number>;
  close(): Promise<void>;
}

export interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  client_secret: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  setup_future_usage: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  created: number;
  livemode: false;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  expires_at: number;
  livemode: false;
}

/** What a session's intent is made with, and what its page shows. */
interface SessionOrder {
  itemName: string;
  description: string | null;
  metadata: Record<string, string>;
  setupFutureUsage: string | null;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  data: { object: Intent | CheckoutSession };
}

const apiVersion = '2025-01-27.acacia';

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** Stripe's form encoding, nested keys included: `metadata[a]=b` → { metadata: { a: 'b' } }. */
export function parseForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/[[\]]+/).filter(Boolean);
    let target = result as Record<string, unknown>;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else {
        target[part] ??= {};
        target = target[part] as Record<string, unknown>;
      }
    });
  }
  return result;
}

/** Stripe's signature of a payload: t=seconds,v1=hex HMAC-SHA256 of `${t}.${payload}` with the endpoint's secret. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export async function startFakeStripeServer(
  options: { webhookUrl?: string; port?: number; secretKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripeServer> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const intents = new Map<string, Intent>();
  const sessions = new Map<string, CheckoutSession>();
  const orders = new Map<string, SessionOrder>();
  const idempotent = new Map<string, { body: string; answer: Promise<{ status: number; body: unknown }> }>();
  const sockets = new Set<Socket>();
  const pendingDeliveries = new Set<Promise<unknown>>();

  function sendEventFor(object: Intent | CheckoutSession, type: string): void {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      api_version: apiVersion,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: structuredClone(object) },
    };
    fake.events.push(event);
    if (fake.webhookUrl) {
      const delivery = fake.deliver(event).catch(() => undefined);
      pendingDeliveries.add(delivery);
      void delivery.finally(() => pendingDeliveries.delete(delivery));
    }
  }

  function cardError(intent: Intent, message: string, declineCode: string) {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: declineCode, message };
    sendEventFor(intent, 'payment_intent.payment_failed');
    return {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: declineCode,
          message,
          payment_intent: structuredClone(intent),
        },
      },
    };
  }

  /** Confirms with a test PaymentMethod: succeeded, or a card error. */
  function confirm(intent: Intent, paymentMethod: string): { status: number; body: unknown } {
    intent.payment_method = paymentMethod;
    const card = testCardByPaymentMethod(paymentMethod);
    if (!card)
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such PaymentMethod: '${paymentMethod}'`,
          },
        },
      };
    if (card.decline) return cardError(intent, card.decline, 'generic_decline');
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    sendEventFor(intent, 'payment_intent.succeeded');
    return { status: 200, body: structuredClone(intent) };
  }

  const amountTooSmall = () => ({
    status: 400,
    body: {
      error: { type: 'invalid_request_error', code: 'amount_too_small', message: 'Amount must be at least $0.50 usd' },
    },
  });

  function createIntent(
    fields: Pick<
      Intent,
      'amount' | 'currency' | 'customer' | 'description' | 'metadata' | 'payment_method' | 'setup_future_usage'
    >,
  ): Intent {
    const id = newId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount_received: 0,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      ...fields,
    };
    intents.set(id, intent);
    return intent;
  }

  /** Checkout in mode 'payment' with one price_data line, as the wallet asks for it. */
  function createSession(body: Record<string, unknown>): { status: number; body: unknown } {
    const line = (body.line_items as Record<string, Record<string, unknown>> | undefined)?.['0'];
    const price = line?.price_data as Record<string, unknown> | undefined;
    const intentData = (body.payment_intent_data as Record<string, unknown> | undefined) ?? {};
    if (body.mode !== 'payment' || !price || !body.success_url || !body.cancel_url) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            message: 'mode payment, line_items[0][price_data], success_url and cancel_url are required here',
          },
        },
      };
    }
    const amount = Number(price.unit_amount) * Number(line?.quantity ?? 1);
    if (!Number.isInteger(amount) || amount < 50) return amountTooSmall();
    const id = newId('cs_test');
    const created: CheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      currency: String(price.currency ?? 'usd'),
      customer: (body.customer as string | undefined) ?? null,
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      success_url: String(body.success_url),
      cancel_url: String(body.cancel_url),
      url: `${fake.url}/checkout/pay/${id}`,
      expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, created);
    orders.set(id, {
      itemName: String((price.product_data as Record<string, unknown> | undefined)?.name ?? 'Payment'),
      description: (intentData.description as string | undefined) ?? null,
      metadata: (intentData.metadata as Record<string, string> | undefined) ?? {},
      setupFutureUsage: (intentData.setup_future_usage as string | undefined) ?? null,
    });
    return { status: 200, body: structuredClone(created) };
  }

  function expire(session: CheckoutSession): void {
    session.status = 'expired';
    session.url = null;
    const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
    if (intent && intent.status !== 'succeeded') {
      intent.status = 'canceled';
      sendEventFor(intent, 'payment_intent.canceled');
    }
    sendEventFor(session, 'checkout.session.expired');
  }

  /** The hosted page's form: a test card number pays the session (its intent made once), or the page says why not. */
  function paySession(session: CheckoutSession, cardNumber: string): { redirect: string } | { error: string } {
    const card = paymentMethodOfTestCard(cardNumber);
    if ('refused' in card) return { error: card.refused };
    const order = orders.get(session.id)!;
    const intent =
      (session.payment_intent ? intents.get(session.payment_intent) : undefined) ??
      createIntent({
        amount: session.amount_total,
        currency: session.currency,
        customer: session.customer,
        description: order.description,
        metadata: order.metadata,
        payment_method: null,
        setup_future_usage: order.setupFutureUsage,
      });
    session.payment_intent = intent.id;
    const result = confirm(intent, card.paymentMethod);
    if (result.status !== 200) return { error: intent.last_payment_error?.message ?? 'Your card was declined.' };
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    sendEventFor(session, 'checkout.session.completed');
    return { redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
  }

  function handle(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      return {
        status: 200,
        body: { id: newId('cus'), object: 'customer', metadata: body.metadata ?? {}, livemode: false },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) return amountTooSmall();
      const intent = createIntent({
        amount,
        currency: String(body.currency ?? 'usd'),
        customer: (body.customer as string | undefined) ?? null,
        description: (body.description as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        payment_method: (body.payment_method as string | undefined) ?? null,
        setup_future_usage: (body.setup_future_usage as string | undefined) ?? null,
      });
      if (body.confirm === 'true' && intent.payment_method) return confirm(intent, intent.payment_method);
      return { status: 200, body: structuredClone(intent) };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    const session = /^\/v1\/checkout\/sessions\/(cs_\w+)(\/expire)?$/.exec(path);
    if (session) {
      const found = sessions.get(session[1]!);
      if (!found)
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such checkout.session: '${session[1]}'`,
            },
          },
        };
      if (method === 'GET' && !session[2]) return { status: 200, body: structuredClone(found) };
      if (method === 'POST' && session[2]) {
        if (found.status !== 'open')
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
              },
            },
          };
        expire(found);
        return { status: 200, body: structuredClone(found) };
      }
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const match = /^metadata\['([\w-]+)'\]:'([^']*)'$/.exec(query.get('query') ?? '');
      const data = match ? [...intents.values()].filter((intent) => intent.metadata[match[1]!] === match[2]) : [];
      return {
        status: 200,
        body: {
          object: 'search_result',
          data: structuredClone(data),
          has_more: false,
          next_page: null,
          url: '/v1/payment_intents/search',
        },
      };
    }
    const retrieve = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent
        ? { status: 200, body: structuredClone(intent) }
        : {
            status: 404,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `No such payment_intent: '${retrieve[1]}'`,
              },
            },
          };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function answer(response: ServerResponse, status: number, body: unknown, replayed = false): void {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(body));
  }

  /** The hosted page: no API key, as the customer's browser has none. */
  function servePage(method: string, sessionId: string, text: string, response: ServerResponse): void {
    const session = sessions.get(sessionId);
    const html = (status: number, page: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    };
    if (!session) {
      html(404, checkoutPage({ title: 'Not found', message: 'This payment page does not exist.' }));
      return;
    }
    if (session.status === 'complete') {
      response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      response.end();
      return;
    }
    const view = {
      title: `Pay ${orders.get(session.id)!.itemName}`,
      amount: session.amount_total,
      currency: session.currency,
      cancelUrl: session.cancel_url,
      action: `/checkout/pay/${session.id}`,
    };
    if (session.status === 'expired') {
      html(410, checkoutPage({ title: 'Expired', message: 'This payment page has expired.' }));
      return;
    }
    if (method !== 'POST') {
      html(200, checkoutPage(view));
      return;
    }
    const paid = paySession(session, String(parseForm(text).card_number ?? ''));
    if ('error' in paid) {
      html(200, checkoutPage({ ...view, error: paid.error }));
      return;
    }
    response.writeHead(303, { location: paid.redirect });
    response.end();
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const text = await readBody(request);
    if (url.pathname === '/_health') {
      answer(response, 200, { ok: true });
      return;
    }
    const page = /^\/checkout\/pay\/(cs_test_\w+)$/.exec(url.pathname);
    if (page) {
      servePage(request.method ?? 'GET', page[1]!, text, response);
      return;
    }
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      answer(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const body = parseForm(text);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    fake.requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey, body });
    const hold = fake.holdIntentAnswers && request.method === 'POST' && url.pathname.startsWith('/v1/payment_intents');
    let replayed = false;
    let result: { status: number; body: unknown };
    if (request.method === 'POST' && idempotencyKey) {
      const seen = idempotent.get(idempotencyKey);
      if (seen && seen.body !== text) {
        result = {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          },
        };
      } else if (seen) {
        replayed = true;
        result = await seen.answer;
      } else {
        const computed = Promise.resolve(handle(request.method, url.pathname, url.searchParams, body));
        idempotent.set(idempotencyKey, { body: text, answer: computed });
        result = await computed;
      }
    } else {
      result = handle(request.method ?? 'GET', url.pathname, url.searchParams, body);
    }
    if (hold) return; // Carried out, never answered.
    answer(response, result.status, result.body, replayed);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  const fake: FakeStripeServer = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    webhookUrl: options.webhookUrl,
    requests: [],
    intents,
    sessions,
    events: [],
    holdIntentAnswers: false,
    async confirmIntent(id, paymentMethod) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No such intent ${id}`);
      confirm(intent, paymentMethod);
      return structuredClone(intent);
    },
    async expireSession(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`No such session ${id}`);
      if (session.status === 'open') expire(session);
      return structuredClone(session);
    },
    async deliver(event, deliverOptions = {}) {
      if (!fake.webhookUrl) throw new Error('No webhook URL to deliver to');
      const payload = JSON.stringify(event, null, 2);
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': deliverOptions.signature ?? stripeSignature(payload, webhookSecret),
        },
        body: payload,
      });
      await response.text();
      return response.status;
    },
    async close() {
      await Promise.allSettled([...pendingDeliveries]);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
