import type { CurrentPlan, Invoice, Plan, UsageBreakdown, WalletBalance, WalletTransaction } from '@contracts';
import { apiErrorBody, type RecordedRequest, type StubAnswer } from '../../../test/fetch-stub';
import { fakeAdminApi, orgId, type FakeAdminOptions } from '../../admin/test/fake-admin-api';

export { orgId };

type Failure = { status: number; message: string };
const fail = ({ status, message }: Failure) => ({
  status,
  body: apiErrorBody(status === 402 ? 'payment_required' : status >= 500 ? 'internal' : 'validation_failed', message),
});
const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && 'status' in value && 'message' in value;

export const teamPlan: Plan = {
  id: 'team',
  name: 'Team',
  description: 'For growing teams',
  price: 49,
  currency: 'USD',
  billing_cycle: 'monthly',
  features: ['Semantic cache'],
  entitlements: [],
  tokens_per_cycle: 20_000_000,
  contact_sales: false,
};
export const businessPlan: Plan = {
  id: 'business',
  name: 'Business',
  description: 'For larger teams',
  price: 199,
  currency: 'USD',
  billing_cycle: 'monthly',
  features: ['SSO'],
  entitlements: ['custom_routing', 'require_2fa', 'audit_log', 'csv_exports'],
  tokens_per_cycle: 100_000_000,
  contact_sales: false,
};
export const enterprisePlan: Plan = {
  id: 'enterprise',
  name: 'Enterprise',
  description: 'Dedicated deployment',
  price: 999,
  currency: 'USD',
  billing_cycle: 'monthly',
  features: ['Named support engineer'],
  entitlements: ['custom_routing', 'require_2fa', 'audit_log', 'csv_exports'],
  tokens_per_cycle: 500_000_000,
  contact_sales: true,
};
export const freePlan: Plan = {
  id: 'free',
  name: 'Free Trial',
  description: 'Try it',
  price: 0,
  currency: 'USD',
  billing_cycle: 'monthly',
  features: [],
  entitlements: [],
  tokens_per_cycle: 100_000,
  contact_sales: false,
};

export function makeWallet(
  overrides: Partial<WalletBalance> = {},
  settings: Partial<WalletBalance['settings']> = {},
): WalletBalance {
  return {
    balance: 5,
    currency: 'USD',
    last_updated: '2026-03-04T05:06:07.000Z',
    test_mode: true,
    saved_card: null,
    ...overrides,
    settings: {
      min_top_up_amount: 10,
      auto_reload_threshold: 5,
      auto_reload_amount: 20,
      currency: 'USD',
      auto_reload_enabled: false,
      ...settings,
    },
  };
}

export function makeTransaction(
  id: string,
  type: WalletTransaction['type'],
  amount: number,
  description = type === 'credit' ? 'Top-up' : 'Usage',
): WalletTransaction {
  return { id, description, is_auto_reload: false, timestamp: '2026-03-04T05:06:07.000Z', type, amount };
}

export function subscribedTo(
  plan: Plan,
  overrides: Partial<NonNullable<CurrentPlan['subscription']>> = {},
): CurrentPlan {
  return {
    ...plan,
    allowance: null,
    subscription: {
      id: 'sub-1',
      plan_id: plan.id,
      status: 'active',
      current_period_start: '2026-03-01',
      current_period_end: '2026-03-30',
      next_billing_date: '2026-03-31',
      cancel_at_period_end: false,
      pending_plan_id: null,
      payment_method: 'card',
      past_due: null,
      created_at: '2026-03-01T00:00:00.000Z',
      updated_at: '2026-03-01T00:00:00.000Z',
      ...overrides,
    },
  };
}
export const onFreeTrial: CurrentPlan = { ...freePlan, subscription: null, allowance: null };

export function makeInvoice(id: string, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id,
    number: `TW-ORG1-${id}`,
    status: 'paid',
    period_start: '2026-02-01',
    period_end: '2026-02-28',
    currency: 'USD',
    lines: [{ line_number: 1, kind: 'plan', description: 'Team', model_id: null, quantity: null, amount: 49 }],
    total: 49,
    amount_paid: 49,
    amount_due: 0,
    payments: [],
    issued_at: '2026-03-01T00:00:00.000Z',
    pdf_path: `/api/subscription/invoices/${orgId}/${id}/pdf`,
    ...overrides,
  };
}

export interface FakeBillingOptions extends Pick<FakeAdminOptions, 'me' | 'myRole' | 'roles' | 'routes'> {
  wallet?: WalletBalance | Failure;
  transactions?: WalletTransaction[] | Failure;
  /** What POST /wallet/topup answers; by default it credits the amount. */
  topUp?: (request: RecordedRequest) => StubAnswer;
  plan?: CurrentPlan | Failure;
  plans?: Plan[];
  invoices?: Invoice[] | Failure;
  breakdown?: UsageBreakdown | Failure;
}

/**
 * An admin of org-1 with an in-memory wallet and subscription: top-ups credit it (once per
 * Idempotency-Key, as the server does), settings are kept, plan changes change the plan.
 */
export function fakeBillingApi(options: FakeBillingOptions = {}) {
  let wallet = options.wallet && !isFailure(options.wallet) ? options.wallet : makeWallet();
  let transactions = Array.isArray(options.transactions) ? [...options.transactions] : [];
  let plan = options.plan && !isFailure(options.plan) ? options.plan : onFreeTrial;
  const creditedKeys = new Map<string, unknown>();
  const plans = options.plans ?? [freePlan, teamPlan, businessPlan];

  const topUp = (request: RecordedRequest): StubAnswer => {
    const key = request.headers.get('Idempotency-Key') ?? '';
    const earlier = creditedKeys.get(key);
    if (earlier) return { body: earlier };
    const body = request.body as { amount: number };
    const credit = makeTransaction(`tx-${transactions.length + 1}`, 'credit', body.amount, 'Wallet top-up');
    transactions = [credit, ...transactions];
    wallet = { ...wallet, balance: wallet.balance + body.amount };
    const answer = {
      status: 'succeeded',
      payment_id: `pay-${key}`,
      transaction: credit,
      client_secret: null,
      checkout_url: null,
      balance: wallet,
    };
    creditedKeys.set(key, answer);
    return { body: answer };
  };

  const changeTo = (planId: string, paymentMethod?: string) => {
    const target = plans.find((candidate) => candidate.id === planId)!;
    plan = subscribedTo(target);
    return {
      body: {
        ...plan,
        charge: {
          id: 'charge-1',
          kind: 'plan',
          description: target.name,
          amount: target.price,
          currency: 'USD',
          status: 'paid',
          test_mode: true,
          created_at: '2026-03-01T00:00:00.000Z',
          paid_with: paymentMethod === 'wallet' ? 'Prepaid wallet' : 'Visa •••• 4242 (test card: no real money)',
          receipt_path: `/api/wallet/${orgId}/payments/pay-1/receipt`,
        },
        payment_id: 'pay-1',
        checkout_url: null,
      },
    };
  };

  const routes: Record<string, (request: RecordedRequest) => StubAnswer> = {
    [`GET /wallet/${orgId}/balance`]: () => (isFailure(options.wallet) ? fail(options.wallet) : { body: wallet }),
    'POST /wallet/topup': options.topUp ?? topUp,
    [`PUT /wallet/${orgId}/settings`]: (request) => {
      const { org_id: _org, ...changes } = request.body as Record<string, unknown>;
      wallet = { ...wallet, settings: { ...wallet.settings, ...changes } };
      return { body: wallet };
    },
    'GET /subscription/plans': () => ({ body: { plans } }),
    [`GET /subscription/plan/${orgId}`]: () => (isFailure(options.plan) ? fail(options.plan) : { body: plan }),
    'POST /subscription/purchase': (request) => {
      const body = request.body as { plan_id: string; payment_method?: string };
      return changeTo(body.plan_id, body.payment_method);
    },
    [`POST /subscription/update/${orgId}`]: (request) => {
      const body = request.body as { plan_id: string; payment_method?: string };
      return changeTo(body.plan_id, body.payment_method);
    },
    [`POST /subscription/cancel/${orgId}`]: () => {
      plan = { ...plan, subscription: plan.subscription && { ...plan.subscription, cancel_at_period_end: true } };
      return { body: { ...plan, charge: null, payment_id: null, checkout_url: null } };
    },
    [`GET /subscription/invoices/${orgId}`]: () =>
      isFailure(options.invoices) ? fail(options.invoices) : { body: { invoices: options.invoices ?? [] } },
    ...options.routes,
  };
  for (const period of ['day', 'week', 'month', 'year', 'all']) {
    routes[`GET /subscription/usage/${orgId}?period=${period}`] = () =>
      isFailure(options.breakdown)
        ? fail(options.breakdown)
        : {
            body: options.breakdown ?? {
              period,
              total: { requests: 0, tokens: 0, cost: 0 },
              by_date: [],
              by_model: [],
            },
          };
  }
  const transactionsAnswer = (request: RecordedRequest): StubAnswer => {
    if (isFailure(options.transactions)) return fail(options.transactions);
    const query = new URLSearchParams(request.path.split('?')[1]);
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    return {
      body: {
        transactions: transactions.slice((page - 1) * limit, page * limit),
        total: transactions.length,
        page,
        limit,
      },
    };
  };
  for (const limit of [3, 10]) {
    for (let page = 1; page <= 10; page += 1)
      routes[`GET /wallet/${orgId}/transactions?page=${page}&limit=${limit}`] = transactionsAnswer;
  }
  const api = fakeAdminApi({ me: options.me, myRole: options.myRole, roles: options.roles, routes });
  return { ...api, currentWallet: () => wallet };
}
