/** RFC 7644 section 3.12: the error schema and the scimType values this server uses. */
const scimErrorSchema = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type ScimErrorType =
  | 'invalidFilter'
  | 'invalidPath'
  | 'invalidValue'
  | 'invalidSyntax'
  | 'uniqueness'
  | 'mutability'
  | 'noTarget'
  | 'tooMany';

/** A refusal a directory reads: the HTTP status, a scimType where RFC 7644 has one, and a detail for its log. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimErrorType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }

  toBody() {
    return {
      schemas: [scimErrorSchema],
      status: String(this.status),
      detail: this.message,
      ...(this.scimType ? { scimType: this.scimType } : {}),
    };
  }
}

export const scimNotFound = (resource: 'User' | 'Group', id: string) =>
  new ScimError(404, `${resource} ${id} not found`);
export const scimInvalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
