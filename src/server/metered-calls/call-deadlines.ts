import { effectiveDeadlines, type DeadlineKind, type ModelDeadlines, type PassedDeadline } from '../../contracts';
import { GatewayError, type CatalogModel } from '../../gateway';

/** The deadlines one model call has, in milliseconds (docs/decisions/038). */
export interface CallDeadlines {
  headersMs: number;
  firstTokenMs: number;
  betweenTokensMs: number;
}

/**
 * The organisation's deadlines (the policy's, else the product's). A primary model with a backup
 * must also start within `firstPartTimeoutMs` (ROUTER_FIRST_PART_TIMEOUT_MS), so the backup is not
 * kept waiting behind a slow one for the whole first-token deadline.
 */
export function deadlinesFor(policy: ModelDeadlines, options: { backupWaiting?: number } = {}): CallDeadlines {
  const effective = effectiveDeadlines(policy);
  return {
    headersMs: effective.headers_ms,
    firstTokenMs:
      options.backupWaiting === undefined
        ? effective.first_token_ms
        : Math.min(effective.first_token_ms, options.backupWaiting),
    betweenTokensMs: effective.between_tokens_ms,
  };
}

/** A model call stopped because one of its deadlines passed: the provider had the request and may bill it. */
export class DeadlinePassed extends GatewayError {
  readonly deadline: PassedDeadline;

  constructor(model: CatalogModel, kind: DeadlineKind, ms: number) {
    super('timeout', `${model.id}: no ${kind.replace('_', ' ')} within ${ms} ms`, { provider: model.provider });
    this.deadline = { kind, ms };
  }
}

/**
 * Watches one model call: its response must start within `headersMs` of the call, its first token
 * come within `firstTokenMs` of it, and no silence between tokens last longer than
 * `betweenTokensMs`. When one passes, `onPassed` is told (it aborts the call) and `passed` says
 * which. One timer per call, re-armed only when it fires: a token costs an assignment, not a timer.
 */
export interface DeadlineWatch {
  readonly passed: DeadlinePassed | undefined;
  /** The provider's response began (its headers; the embedded model's queue took the request). */
  responseStarted(): void;
  /** A token (or another part of the answer) arrived. */
  tokenArrived(): void;
  stop(): void;
}

export function watchDeadlines(
  model: CatalogModel,
  deadlines: CallDeadlines,
  onPassed: (passed: DeadlinePassed) => void,
): DeadlineWatch {
  const startedAt = performance.now();
  let phase: DeadlineKind | 'stopped' = 'headers';
  let lastTokenAt = startedAt;
  let passed: DeadlinePassed | undefined;
  let timer: NodeJS.Timeout | undefined;

  const dueAt = () =>
    phase === 'headers'
      ? startedAt + deadlines.headersMs
      : phase === 'first_token'
        ? startedAt + deadlines.firstTokenMs
        : lastTokenAt + deadlines.betweenTokensMs;

  function arm(): void {
    clearTimeout(timer);
    if (phase === 'stopped') return;
    timer = setTimeout(check, Math.max(0, dueAt() - performance.now()));
  }

  function check(): void {
    if (phase === 'stopped') return;
    // Timers may fire a little early; a token may have come since the timer was set.
    if (performance.now() < dueAt()) {
      arm();
      return;
    }
    const ms =
      phase === 'headers'
        ? deadlines.headersMs
        : phase === 'first_token'
          ? deadlines.firstTokenMs
          : deadlines.betweenTokensMs;
    passed = new DeadlinePassed(model, phase, ms);
    phase = 'stopped';
    onPassed(passed);
  }

  arm();
  return {
    get passed() {
      return passed;
    },
    responseStarted() {
      if (phase !== 'headers') return;
      phase = 'first_token';
      arm();
    },
    tokenArrived() {
      lastTokenAt = performance.now();
      if (phase === 'headers' || phase === 'first_token') {
        phase = 'between_tokens';
        arm();
      }
    },
    stop() {
      phase = 'stopped';
      clearTimeout(timer);
    },
  };
}
