import { messages } from '@contracts';

/** A failed API call: the HTTP status, the server's error code and the text chosen for people. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const record = asRecord(body);
    this.code = typeof record?.code === 'string' ? record.code : undefined;
    this.detail = typeof record?.detail === 'string' ? record.detail : undefined;
    this.fields = isStringRecord(record?.fields) ? record.fields : undefined;
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  const record = asRecord(value);
  return record !== undefined && Object.values(record).every((entry) => typeof entry === 'string');
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Spec section 8 order: body.detail.error.message, body.message, body.detail, the error's own
 * message, the value itself when it is a string, else the generic text.
 */
export function selectErrorMessage(error: unknown, body?: unknown): string {
  const record = asRecord(body);
  const detailRecord = asRecord(record?.detail);
  const nestedError = asRecord(detailRecord?.error);
  return (
    nonEmptyString(nestedError?.message) ??
    nonEmptyString(record?.message) ??
    nonEmptyString(record?.detail) ??
    (error instanceof Error ? nonEmptyString(error.message) : undefined) ??
    nonEmptyString(error) ??
    messages.generic
  );
}
