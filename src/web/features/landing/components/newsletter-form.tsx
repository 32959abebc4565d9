import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { inputStyle } from '../../../components/ui/text-field';

/** Spec section 7: the newsletter form makes no call; it only thanks the visitor. */
export function NewsletterForm() {
  const [subscribed, setSubscribed] = useState(false);

  function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubscribed(true);
  }

  if (subscribed) {
    return (
      <p role="status" className="text-sm font-medium text-emerald-600 dark:text-emerald-400">
        Thank you for subscribing! We will keep you posted.
      </p>
    );
  }
  return (
    <form onSubmit={subscribe} className="flex flex-col gap-2 sm:flex-row" aria-label="Newsletter">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address for the newsletter
      </label>
      <input id="newsletter-email" type="email" required placeholder="you@company.com" className={inputStyle} />
      <Button type="submit">Subscribe</Button>
    </form>
  );
}
