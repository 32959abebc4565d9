import type { Picodollars } from '../../money';
import type { MaxTokensBound } from '../../contracts';
import type { CatalogModel } from '../../gateway';

/** A model the caller may use, with the caller's limit on the tokens of one request. */
export interface UsableModel {
  model: CatalogModel;
  /**
   * The most prompt tokens (estimated as length / 4) one request may carry: the role's limit and
   * the organisation's `max_tokens_per_request`, the smaller, never more than the model's own room
   * for a prompt (see `promptCapacity`). Admin-named roles have no role limit; the organisation's
   * still applies. The server enforces exactly this, and the model list reports it as
   * `max_tokens`, which the web app checks before sending.
   */
  maxTokensPerRequest: number;
  /** Which of those bounds `maxTokensPerRequest` is: the model's room, the organisation's setting or the role's limit. */
  maxTokensLimitedBy: MaxTokensBound;
  /**
   * The most output tokens one reply may ask for: the role's max tokens per request and the
   * organisation's (they cap the reply as well as the prompt), the smaller, never more than the
   * model's own maximum output.
   */
  replyTokenCap: number;
  /** Monthly limits of the caller's role on this model; undefined means unlimited (admins). */
  monthlyTokenLimit?: number;
  costLimitPicodollars?: Picodollars;
  /**
   * Whether the role lets a reply be shortened to what is left of its monthly limits; otherwise a
   * request whose largest reply does not fit is refused, saying what would (docs/decisions/051).
   */
  shortenReplyToFit?: boolean;
}
