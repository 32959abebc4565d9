/**
 * Sends the browser to Stripe Checkout's hosted page: the card is typed there, never here, and
 * Stripe brings the customer back to /admin/billing?payment=<id>. Its own module so component
 * tests can replace it.
 */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
