import { findEmailAddress } from './find-email-address';
import { findCountOfMine, findStatusNow } from './spread-phrases';

/**
 * Which prompts may be answered from the cache at all. A reply to a question about the present
 * ("today", "latest news") goes stale on its own schedule, and a reply about the user's own data
 * (their orders, inbox, name) must never reach a colleague. Both lists are deliberately narrow:
 * "How do I reset my password?" or "Explain alternating current" are ordinary questions and
 * cache; only wording that ties the answer to now or to this user is refused.
 */
export type NotCacheableReason = 'empty' | 'too-long' | 'present-time' | 'personal-data';

export type CacheabilityVerdict =
  | { cacheable: true }
  | { cacheable: false; reason: NotCacheableReason; matched: string };

/**
 * The longest prompt the guard reads (issue 20, docs/decisions/034). Its personal-data rules must
 * see the whole prompt (an address in the middle of pasted text matters as much as one at the
 * start), so a longer prompt is not cached at all rather than judged on a part of it: pasted
 * documents are also where a cached answer is least likely to be right, the encoder reading only
 * its first few hundred characters. The bound keeps the guard's work, and the verifier's after it,
 * small whatever is pasted.
 */
export const maxCacheablePromptCharacters = 10_000;

/** A rule of the guard: a pattern, or a scanner where a pattern would backtrack (spread-phrases.ts). */
type Cue = RegExp | ((text: string) => string | undefined);

const timeNouns =
  'price|prices|weather|time|date|day|year|month|events?|status|score|scores|rate|rates|exchange rate|president|prime minister|ceo|leader|version|situation|news|trends?|value|population|champion|standings|temperature';

const presentTimeCues: readonly Cue[] = [
  /\b(today|today's|tonight|tonight's|tomorrow|tomorrow's|yesterday|yesterday's)\b/,
  /\b(right now|as of now|just now|at the moment|at present|these days|nowadays|currently|up[- ]to[- ]date|real[- ]time|live (score|scores|feed|results))\b/,
  /\b(this|next|last) (morning|afternoon|evening|night|week|weekend|month|quarter|season|year)\b/,
  /\b(latest|newest|most recent|recently|breaking|upcoming)\b/,
  /\brecent (news|events|developments|changes|updates|results|releases?|prices?|scores?)\b/,
  /\b(the news|any news|news (about|on|from|today|this)|headlines)\b/,
  new RegExp(`\\b(current|present|today's) (${timeNouns})\\b`),
  /\bwhat (time|day|date|year|month) is it\b/,
  /\bwhat('s| is) (the )?(time|date)( now)?\??$/,
  /\b(weather|forecast) (in|for|at|like|now|today|tomorrow|this)\b/,
  /\bweather forecast\b/,
  /\b(stock|share|bitcoin|btc|ethereum|crypto) price\b/,
  /\bhow (long|many days) (until|till|since|ago)\b/,
  /\bstill (open|available|alive|running|in office)\b/,
  findStatusNow,
  /\bwho (won|is winning)\b/,
];

const dataNouns =
  'account|accounts|balance|order|orders|invoice|invoices|bill|bills|billing|subscription|usage|inbox|email|emails|mail|calendar|schedule|meeting|meetings|appointment|appointments|message|messages|contacts|files|documents|uploads|history|profile|transactions|purchases|payments|tickets|notes|tasks|reminders|to-do list|todo list|ip address|location|address|phone number|credit card|bank account|password|passwords|api key|api keys|name|age|birthday|results|grades|salary|team|projects|workspace|plan|quota|credits|tokens|spending|spend';

const personalDataCues: readonly Cue[] = [
  // Retrieval of the user's own records ("what is my balance", "show my orders", "when is my next meeting").
  new RegExp(
    `\\b(what|what's|whats|which|where|where's|when|when's|how many|how much)( is| are| was| were| does| do)?( in| on)? my ((last|latest|recent|previous|next|new|unread|current|remaining|total|monthly|account) )*(${dataNouns})\\b`,
  ),
  new RegExp(`\\bhow (many|much) (${dataNouns}) (do|did|have) i\\b`),
  new RegExp(
    `^(please )?(show|list|display|check|read|open|get|fetch|find|search|summari[sz]e|count|export|print|look up|pull up|go through|review) (me )?(all )?(of )?my (last |latest |recent |previous |next |new |unread |current )?(${dataNouns})\\b`,
  ),
  // The conversation or the assistant's memory of this user.
  /\bwhat (did|have) (i|we) (say|said|ask|asked|tell|told|write|wrote|send|sent|discuss|discussed|talk about|order|ordered|buy|bought|spend|spent)\b/,
  /\b(do you (remember|know) (my|me|who i am|what i))\b/,
  /\b(who am i|what('s| is) my name|how old am i|where do i live|where am i)\b/,
  /\b(as i (said|mentioned|told you)|my (previous|last|earlier) (question|message|prompt|chat|conversation))\b/,
  findCountOfMine,
  // The prompt itself carries personal details that would end up in a shared reply.
  /\b(my name is|i am \d+ years old|i'm \d+ years old|i live (in|at)|my (email|e-mail|phone|address|date of birth|social security|passport) (is|number is))\b/,
];

const contactDetailCues: readonly Cue[] = [
  findEmailAddress,
  /(\+\d{1,3}[\s-]?)?\(?\d{3}\)?[\s-]\d{3}[\s-]\d{4}\b/, // a phone number
  /\b(?:\d[ -]?){13,19}\b/, // a card or account number
];

/** Whether a prompt may be looked up in, or stored to, the cache; when not, which rule refused it. */
export function isCacheable(prompt: string): CacheabilityVerdict {
  if (prompt.length > maxCacheablePromptCharacters) return { cacheable: false, reason: 'too-long', matched: '' };
  const text = prompt
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return { cacheable: false, reason: 'empty', matched: '' };
  for (const cue of contactDetailCues) {
    const matched = find(cue, text);
    if (matched !== undefined) return { cacheable: false, reason: 'personal-data', matched };
  }
  const lower = text.toLowerCase();
  for (const [reason, cues] of [
    ['personal-data', personalDataCues],
    ['present-time', presentTimeCues],
  ] as const) {
    for (const cue of cues) {
      const matched = find(cue, lower);
      if (matched !== undefined) return { cacheable: false, reason, matched };
    }
  }
  return { cacheable: true };
}

function find(cue: Cue, text: string): string | undefined {
  return cue instanceof RegExp ? cue.exec(text)?.[0] : cue(text);
}
