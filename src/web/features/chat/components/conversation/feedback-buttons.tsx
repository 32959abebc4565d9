import type { FeedbackRating } from '@contracts';
import { useEffect, useState } from 'react';
import type { ChatMessage } from '../../state/chat-types';
import { FeedbackIcon } from './feedback-icons';
import { useMessageActions } from './message-actions-context';

/** Spec section 9: the feedback confirmation shows for 3 s. */
const feedbackConfirmationMs = 3000;

const ratings: { rating: FeedbackRating; label: string }[] = [
  { rating: 'positive', label: 'Good reply' },
  { rating: 'neutral', label: 'Neutral reply' },
  { rating: 'negative', label: 'Bad reply' },
];

/**
 * Unsubmitted, then submitted once (spec section 4); a reply the user rated before shows as
 * submitted. The rating lives on the message, so a regenerated reply starts unrated.
 */
export function FeedbackButtons({ message }: { message: ChatMessage }) {
  const actions = useMessageActions();
  const submitted = message.feedback ?? null;
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), feedbackConfirmationMs);
    return () => clearTimeout(timer);
  }, [confirming]);

  if (!actions || !message.selectionId) return null;

  async function rate(rating: FeedbackRating) {
    if (submitted || !actions) return;
    if (await actions.rate(message, rating)) setConfirming(true);
  }

  return (
    <span className="inline-flex items-center gap-0.5">
      {ratings.map(({ rating, label }) => (
        <button
          key={rating}
          type="button"
          aria-label={label}
          aria-pressed={submitted === rating}
          disabled={submitted !== null}
          onClick={() => void rate(rating)}
          className={`rounded px-1 py-0.5 hover:bg-slate-200 disabled:cursor-default dark:hover:bg-slate-700 ${submitted === rating ? 'bg-brand-soft' : ''}`}
        >
          <FeedbackIcon rating={rating} />
        </button>
      ))}
      {confirming ? <span role="status">Thanks for your feedback!</span> : null}
    </span>
  );
}
