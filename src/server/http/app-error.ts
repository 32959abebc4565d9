import type { ErrorCode, LimitRefusal, PassedDeadline } from '../../contracts';
import { messages } from '../../contracts';

const httpStatusByErrorCode = {
  validation_failed: 400,
  malformed_json: 400,
  unauthorized: 401,
  two_factor_required: 401,
  two_factor_setup_required: 403,
  forbidden: 403,
  single_sign_on_required: 403,
  not_found: 404,
  conflict: 409,
  payment_required: 402,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  plan_allowance_used: 429,
  internal: 500,
  upstream_failed: 502,
  upstream_timeout: 504,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

export interface AppErrorOptions {
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  /** A chat request refused by a monthly limit: rendered as the body's `limit`. */
  limit?: LimitRefusal;
  /** A model call stopped by one of its deadlines: rendered as the body's `deadline`. */
  deadline?: PassedDeadline;
  cause?: unknown;
  /** Its source logged it already (readiness logs its changes, not each probe): rendering adds no log line. */
  alreadyLogged?: boolean;
}

/** The one error type services throw; `message` is what the user may read. */
export class AppError extends Error {
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;
  readonly limit?: LimitRefusal;
  readonly deadline?: PassedDeadline;
  readonly alreadyLogged: boolean;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.limit = options.limit;
    this.deadline = options.deadline;
    this.alreadyLogged = options.alreadyLogged ?? false;
  }

  get status(): number {
    return httpStatusByErrorCode[this.code];
  }
}

export const notFound = (message: string = messages.notFound) => new AppError('not_found', message);
export const forbidden = (message: string = messages.forbidden) => new AppError('forbidden', message);
export const unauthorized = (message: string = messages.unauthorized) => new AppError('unauthorized', message);
export const validationFailed = (message: string, fields?: Record<string, string>) =>
  new AppError('validation_failed', message, { fields });
