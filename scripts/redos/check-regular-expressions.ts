import { check, type Diagnostics } from 'recheck';
import type { FoundRegularExpression } from './find-regular-expressions';

/**
 * recheck's limits with every clock turned off, so a verdict depends on the pattern alone and not
 * on how busy the machine is (with its default time limits, a loaded CI runner turned some
 * verdicts into `unknown`, and a fuzzed pattern could change verdict between runs). The checks
 * are bounded by recheck's step limits instead; the test around them has a generous timeout.
 */
const deterministicLimits = {
  timeout: null,
  attackTimeout: null,
  incubationTimeout: null,
  seedingTimeout: null,
} as const;

export interface RegularExpressionVerdict extends FoundRegularExpression {
  status: Diagnostics['status'];
  /** For a pattern that is not safe: its complexity and an attack string, or why recheck could not tell. */
  detail?: string;
}

/**
 * recheck's verdict on each pattern, one at a time (the checker's agent is one process; running
 * them side by side on a 2-core machine was slower, not faster). Identical patterns are checked once.
 */
export async function checkRegularExpressions(
  found: readonly FoundRegularExpression[],
): Promise<RegularExpressionVerdict[]> {
  const verdicts = new Map<string, Pick<RegularExpressionVerdict, 'status' | 'detail'>>();
  const results: RegularExpressionVerdict[] = [];
  for (const expression of found) {
    const key = `${expression.flags}/${expression.source}`;
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = verdictOf(await check(expression.source, expression.flags, deterministicLimits));
      verdicts.set(key, verdict);
    }
    results.push({ ...expression, ...verdict });
  }
  return results;
}

function verdictOf(diagnostics: Diagnostics): Pick<RegularExpressionVerdict, 'status' | 'detail'> {
  if (diagnostics.status === 'safe') return { status: 'safe' };
  if (diagnostics.status === 'vulnerable')
    return {
      status: 'vulnerable',
      detail: `${diagnostics.complexity.summary}; attack ${diagnostics.attack.pattern}`,
    };
  return { status: diagnostics.status, detail: JSON.stringify(diagnostics.error) };
}
