import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaledDecimal } from '../../src/money';
import { invoiceLines, invoices } from '../../src/server/db/schema';
import type { Person } from './support/analytics-server';
import { dayFromToday, startBillingServer, type BillingServer } from './support/billing-server';

const mini = 'openai/gpt-4o-mini';
const haiku = 'anthropic/claude-3-5-haiku-latest';
/** Exact sums of JSON amounts, in 1e-10 units. */
const units = (amount: number) => scaledDecimal(amount.toFixed(10), 10);
const sumUnits = (amounts: number[]) => amounts.reduce((sum, amount) => sum + units(amount), 0n);

/** Usage breakdown and invoices: lines, totals, the PDF, and closed periods that never change (docs/decisions/023). */
describe('usage and invoices', () => {
  let setup: BillingServer;
  let admin: Person;
  let stranger: Person;

  const listInvoices = async (person: Person) => {
    const answer = await setup.request(`/subscription/invoices/${person.orgId}`, { token: person.token });
    expect(answer.status).toBe(200);
    return answer.body.invoices;
  };

  beforeAll(async () => {
    setup = await startBillingServer();
    admin = await setup.signUp();
    stranger = await setup.signUp();
    // 40 days on the Free Trial: its first 30-day period [-40, -10) has closed, the second is open.
    await setup.moveBack(admin.orgId, 40);
    await setup.recordUsage(admin, {
      modelId: mini,
      inputTokens: 1000,
      outputTokens: 500,
      costUsd: '0.00045',
      daysAgo: 35,
    });
    await setup.recordUsage(admin, {
      modelId: mini,
      inputTokens: 2000,
      outputTokens: 100,
      costUsd: '0.0000123456',
      daysAgo: 34,
    });
    await setup.recordUsage(admin, {
      modelId: haiku,
      inputTokens: 300,
      outputTokens: 700,
      costUsd: '0.0031',
      daysAgo: 20,
    });
    await setup.recordUsage(admin, { modelId: haiku, inputTokens: 10, outputTokens: 20, costUsd: '0.1', daysAgo: 2 });
    await setup.recordUsage(admin, { modelId: mini, inputTokens: 5, outputTokens: 5, costUsd: '0.2', daysAgo: 0 });
    await setup.recordUsage(stranger, { modelId: mini, inputTokens: 999, outputTokens: 999, costUsd: '9', daysAgo: 0 });
  }, 120_000);
  afterAll(() => setup?.close());

  it('breaks usage down by day and model over the period, exactly, for the caller’s organisation only', async () => {
    const all = await setup.request(`/subscription/usage/${admin.orgId}`, { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.period).toBe('all');
    expect(all.body.total).toEqual({ requests: 5, tokens: 1500 + 2100 + 1000 + 30 + 10, cost: 0.3035623456 });
    expect(all.body.by_date).toEqual([
      { date: dayFromToday(-35), requests: 1, tokens: 1500, cost: 0.00045 },
      { date: dayFromToday(-34), requests: 1, tokens: 2100, cost: 0.0000123456 },
      { date: dayFromToday(-20), requests: 1, tokens: 1000, cost: 0.0031 },
      { date: dayFromToday(-2), requests: 1, tokens: 30, cost: 0.1 },
      { date: dayFromToday(0), requests: 1, tokens: 10, cost: 0.2 },
    ]);
    expect(all.body.by_model).toEqual(
      expect.arrayContaining([
        { model_id: mini, model_name: 'GPT-4o mini', requests: 3, tokens: 3610, cost: 0.2004623456 },
        { model_id: haiku, model_name: expect.any(String), requests: 2, tokens: 1030, cost: 0.1031 },
      ]),
    );
    const week = await setup.request(`/subscription/usage/${admin.orgId}?period=week`, { token: admin.token });
    expect(week.body.total).toEqual({ requests: 2, tokens: 40, cost: 0.3 });
    const day = await setup.request(`/subscription/usage/${admin.orgId}?period=day`, { token: admin.token });
    expect(day.body.by_model).toEqual([
      { model_id: mini, model_name: 'GPT-4o mini', requests: 1, tokens: 10, cost: 0.2 },
    ]);
  });

  it('issues the closed period’s invoice with numbered lines whose sum is its total, and keeps the open one a draft', async () => {
    const [draft, closed, ...none] = await listInvoices(admin);
    expect(none).toEqual([]);
    // The usage was paid from the prepaid wallet as it was recorded: it is the payment against it, nothing is due.
    expect(closed).toMatchObject({
      status: 'paid',
      period_start: dayFromToday(-40),
      period_end: dayFromToday(-11),
      currency: 'USD',
      amount_paid: 0.0035623456,
      total: 0.0035623456,
      amount_due: 0,
    });
    expect(closed.payments).toEqual([
      {
        id: null,
        method: 'wallet',
        description: 'Usage, paid from the prepaid wallet as it was used',
        amount: 0.0035623456,
        paid_at: closed.issued_at,
        receipt_path: null,
      },
    ]);
    expect(closed.number).toMatch(/^TW-[0-9A-F]{8}-0001$/);
    expect(closed.lines).toEqual([
      {
        line_number: 1,
        kind: 'plan',
        description: `Free Trial, ${dayFromToday(-40)} to ${dayFromToday(-11)}`,
        model_id: null,
        quantity: null,
        amount: 0,
      },
      {
        line_number: 2,
        kind: 'usage',
        description: 'Usage: GPT-4o mini (3,600 tokens)',
        model_id: mini,
        quantity: 3600,
        amount: 0.0004623456,
      },
      {
        line_number: 3,
        kind: 'usage',
        description: expect.stringMatching(/^Usage: .+ \(1,000 tokens\)$/),
        model_id: haiku,
        quantity: 1000,
        amount: 0.0031,
      },
    ]);
    expect(units(closed.total)).toBe(sumUnits(closed.lines.map((line: { amount: number }) => line.amount)));
    expect(units(closed.amount_due)).toBe(units(closed.total) - units(closed.amount_paid));

    expect(draft).toMatchObject({
      status: 'draft',
      number: null,
      issued_at: null,
      period_start: dayFromToday(-10),
      period_end: dayFromToday(19),
    });
    expect(draft.lines.map((line: { kind: string; amount: number }) => [line.kind, line.amount])).toEqual([
      ['plan', 0],
      ['usage', 0.1],
      ['usage', 0.2],
    ]);
    expect(draft).toMatchObject({ total: 0.3, amount_paid: 0.3, amount_due: 0 });
    expect(draft.payments).toMatchObject([{ id: null, method: 'wallet', amount: 0.3, receipt_path: null }]);
  });

  it('never changes an issued invoice: not for usage arriving later in its period, nor by an UPDATE', async () => {
    const before = (await listInvoices(admin))[1];
    // A record of the closed period written late (a crash recovered, an operator's fix): the roll-ups change, the invoice does not.
    await setup.recordUsage(admin, {
      modelId: mini,
      inputTokens: 4000,
      outputTokens: 4000,
      costUsd: '1.5',
      daysAgo: 30,
    });
    const usage = await setup.request(`/subscription/usage/${admin.orgId}`, { token: admin.token });
    expect(usage.body.total.requests).toBe(6);
    const after = (await listInvoices(admin))[1];
    expect(after).toEqual(before);

    const db = setup.server.database.db;
    await expect(db.update(invoices).set({ total: '0' }).where(eq(invoices.id, before.id))).rejects.toThrow();
    await expect(
      db.update(invoiceLines).set({ amount: '0' }).where(eq(invoiceLines.invoiceId, before.id)),
    ).rejects.toThrow();
    await expect(db.delete(invoices).where(eq(invoices.id, before.id))).rejects.toThrow();
    const stored = await db
      .select({ amount: invoiceLines.amount })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, before.id))
      .orderBy(invoiceLines.lineNumber);
    expect(stored.map((line) => line.amount)).toEqual(['0.0000000000', '0.0004623456', '0.0031000000']);
  });

  it('downloads an invoice as a PDF that parses, named by its number, and a draft’s by its period', async () => {
    const [draft, closed] = await listInvoices(admin);
    const pdf = await setup.request(closed.pdf_path.replace(/^\/api/, ''), { token: admin.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${closed.number}.pdf"`);
    const document = await PDFDocument.load(pdf.bytes);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe(`Invoice ${closed.number}`);

    const draftPdf = await setup.request(draft.pdf_path.replace(/^\/api/, ''), { token: admin.token });
    expect(draftPdf.status).toBe(200);
    expect(draftPdf.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-draft-${dayFromToday(-10)}.pdf"`,
    );
    expect((await PDFDocument.load(draftPdf.bytes)).getTitle()).toBe('Invoice draft');

    // Another organisation's invoice, through its own path or the caller's.
    expect((await setup.request(closed.pdf_path.replace(/^\/api/, ''), { token: stranger.token })).status).toBe(403);
    const strangerInvoice = (await listInvoices(stranger))[0];
    const crossed = await setup.request(`/subscription/invoices/${admin.orgId}/${strangerInvoice.id}/pdf`, {
      token: admin.token,
    });
    expect(crossed.status).toBe(404);
    expect(crossed.body.message).toBe('Invoice not found');
  });

  it('numbers each organisation’s invoices from 1 in issue order, and lists the newest first', async () => {
    await setup.moveBack(admin.orgId, 30);
    const listed = await listInvoices(admin);
    expect(listed.map((invoice: { number: string | null }) => invoice.number?.slice(-4) ?? null)).toEqual([
      null,
      '0002',
      '0001',
    ]);
    expect(listed.map((invoice: { period_start: string }) => invoice.period_start)).toEqual([
      dayFromToday(-10),
      dayFromToday(-40),
      dayFromToday(-70),
    ]);
    const counts = await setup.server.database.db
      .select({ count: sql<number>`count(*)::integer` })
      .from(invoices)
      .where(eq(invoices.orgId, stranger.orgId));
    expect(counts[0]!.count).toBe(1);
  });

  it('never lists the wallet’s top-ups: the plan and usage, and the payments against them', async () => {
    const before = (await listInvoices(admin))[0];
    const topUp = await setup.request('/wallet/topup', {
      token: admin.token,
      body: {
        amount: 25,
        currency: 'USD',
        payment_method: 'card',
        org_id: admin.orgId,
        card_number: '4242 4242 4242 4242',
      },
      headers: { 'idempotency-key': 'invoice-top-up' },
    });
    expect(topUp.status).toBe(200);
    const [draft] = await listInvoices(admin);
    // Money put aside in the wallet is not something bought: the invoice is as it was.
    expect(draft.lines).toEqual(before.lines);
    expect(draft.lines.map((line: { kind: string }) => line.kind)).toEqual(['plan', 'usage', 'usage']);
    expect(draft).toMatchObject({ total: 0.3, amount_paid: 0.3, amount_due: 0 });
    expect(draft.payments.map((payment: { amount: number }) => payment.amount)).toEqual([0.3]);
  });
});
