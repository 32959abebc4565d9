import type { ProviderName } from '../catalog/catalog-schema';

/**
 * What went wrong, in terms a retry or fallback policy can act on. 'address_refused': the base URL
 * leads to an address its owner may not reach (see AddressGuard); nothing was sent.
 */
export type GatewayErrorKind =
  | 'auth'
  | 'rate_limit'
  | 'timeout'
  | 'unavailable'
  | 'bad_request'
  | 'address_refused'
  | 'unknown';

const retryableKinds: ReadonlySet<GatewayErrorKind> = new Set(['rate_limit', 'timeout', 'unavailable']);

/** The one error type of the gateway; adapters translate every provider failure into it. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  readonly kind: GatewayErrorKind;
  /** HTTP status of the provider's answer; undefined when none arrived (network, abort, config). */
  readonly status: number | undefined;
  readonly isRetryable: boolean;
  readonly provider: ProviderName | undefined;
  /** From the provider's Retry-After header, when it sent one. */
  readonly retryAfterSeconds: number | undefined;
  /**
   * The provider never answered: the connection failed or was closed before any response (a
   * kept-alive connection the provider had just closed, most often). Asking again at once is
   * what the providers' own SDKs do for these.
   */
  readonly unanswered: boolean;

  constructor(
    kind: GatewayErrorKind,
    message: string,
    options: {
      status?: number;
      provider?: ProviderName;
      retryAfterSeconds?: number;
      unanswered?: boolean;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
    this.isRetryable = retryableKinds.has(kind);
    this.provider = options.provider;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.unanswered = options.unanswered ?? false;
  }

  static isGatewayError(error: unknown): error is GatewayError {
    return error instanceof GatewayError;
  }
}

/** The one table from a provider's HTTP status to an error kind. */
export function errorKindForStatus(status: number): GatewayErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limit';
  if (status === 408 || status === 504) return 'timeout';
  // 5xx covers Anthropic's 529 "overloaded" too.
  if (status >= 500 && status < 600) return 'unavailable';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'unknown';
}
