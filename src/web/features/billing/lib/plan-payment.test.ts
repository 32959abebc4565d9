import { describe, expect, it } from 'vitest';
import { businessPlan, makeWallet, onFreeTrial, subscribedTo, teamPlan } from '../test/fake-billing-api';
import { availableCents, centsDueNow, paymentFields, paymentProblems } from './plan-payment';

describe('what a plan change charges now', () => {
  const team = subscribedTo(teamPlan, { current_period_start: '2026-03-01', next_billing_date: '2026-03-31' });
  it.each([
    ['a purchase: the whole price', onFreeTrial, businessPlan, '2026-03-10', 199_00n],
    ['an upgrade with 10 of 30 days left: (199 - 49) × 10 / 30', team, businessPlan, '2026-03-21', 50_00n],
    ['an upgrade on the first day: the whole difference', team, businessPlan, '2026-03-01', 150_00n],
    ['a downgrade: nothing now', subscribedTo(businessPlan), teamPlan, '2026-03-10', 0n],
    ['the current plan: nothing', team, teamPlan, '2026-03-10', 0n],
  ])('%s', (_case, current, plan, today, cents) => {
    expect(centsDueNow(current, plan, today)).toBe(cents);
  });
});

describe('what the wallet can pay', () => {
  it.each([
    [20.005, 20_00n],
    [0.29, 29n],
    [49, 49_00n],
    [48.9999999999, 48_99n],
    [0, 0n],
    [-3.5, 0n],
  ])('%s dollars pay %s cents', (balance, cents) => {
    expect(availableCents(balance)).toBe(cents);
  });

  it('refuses the wallet only when its balance is short, and a card only when test mode has none', () => {
    const wallet = makeWallet({ balance: 49 });
    expect(paymentProblems({ method: 'wallet', cardNumber: '' }, wallet, 49_00n)).toEqual({});
    expect(paymentProblems({ method: 'wallet', cardNumber: '' }, wallet, 49_01n).method).toBe(
      'The wallet balance is too low to pay $49.01: $49.00 is available. Top up the wallet in Billing & Usage, or pay by card.',
    );
    expect(paymentProblems({ method: 'card', cardNumber: ' ' }, wallet, 1n).cardNumber).toMatch(/test card/);
    expect(
      paymentProblems({ method: 'card', cardNumber: '' }, { ...wallet, saved_card: 'Visa •••• 4242' }, 1n),
    ).toEqual({});
    expect(paymentFields({ method: 'card', cardNumber: ' 4242 4242 4242 4242 ' })).toEqual({
      payment_method: 'card',
      card_number: '4242 4242 4242 4242',
    });
    expect(paymentFields({ method: 'wallet', cardNumber: '4242' })).toEqual({ payment_method: 'wallet' });
  });
});
