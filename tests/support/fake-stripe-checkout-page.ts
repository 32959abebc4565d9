/** What the fake's hosted Checkout page shows: the payment and a card form, or why it cannot be paid. */
export interface CheckoutPageView {
  title: string;
  message?: string;
  amount?: number;
  currency?: string;
  action?: string;
  cancelUrl?: string;
  error?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A minimal stand-in for Stripe Checkout's hosted page, for tests: one card number field (the
 * usual test numbers), Pay, and a link back to the shop's cancel URL. Plain HTML, no script.
 */
export function checkoutPage(view: CheckoutPageView): string {
  const amount =
    view.amount !== undefined ? `${(view.amount / 100).toFixed(2)} ${(view.currency ?? 'usd').toUpperCase()}` : '';
  const form = view.action
    ? `<p data-testid="checkout-amount">${escapeHtml(amount)}</p>
  ${view.error ? `<p role="alert">${escapeHtml(view.error)}</p>` : ''}
  <form method="post" action="${escapeHtml(view.action)}">
    <label for="card_number">Card number</label>
    <input id="card_number" name="card_number" autocomplete="off" inputmode="numeric">
    <button type="submit">Pay ${escapeHtml(amount)}</button>
  </form>
  <a href="${escapeHtml(view.cancelUrl ?? '/')}">Cancel and return</a>`
    : `<p>${escapeHtml(view.message ?? '')}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(view.title)} (fake Stripe Checkout)</title></head>
<body>
  <h1>${escapeHtml(view.title)}</h1>
  <p>Test checkout: no real money moves.</p>
  ${form}
</body></html>`;
}
