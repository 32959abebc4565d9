import type { SingleSignOnFailureCode } from '../../contracts';

/** A sign-in through the identity provider that did not complete; the browser is told the code, the log the detail. */
export class SingleSignOnFailure extends Error {
  constructor(
    readonly code: SingleSignOnFailureCode,
    detail?: string,
    options?: { cause?: unknown },
  ) {
    super(detail ?? code, options);
    this.name = 'SingleSignOnFailure';
  }
}
