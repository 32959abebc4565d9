import fc from 'fast-check';
import {
  bentValue,
  fittingObject,
  fittingValue,
  oddPathSegments,
  pathSegment,
  rawOddCharacters,
  withOddCharacter,
  type JsonSchema,
  type ValuePools,
} from './fuzz-values';

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export interface Operation {
  /** Where the document says it is served: '/api', or '/v1' for the endpoints for programs (an API key). */
  base: string;
  method: string;
  /** As documented, e.g. '/conversation/session/{id}'. */
  path: string;
  pathParameters: { name: string; schema: JsonSchema }[];
  queryParameters: { name: string; schema: JsonSchema; required: boolean }[];
  body?: JsonSchema;
  /** The documented JSON answer of the success status. */
  answer?: { status: number; schema: JsonSchema };
}

interface DocumentParameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

/** How the run names an operation: '/api' ones by their path, others with their base ('POST /v1/embeddings'). */
export function operationName(operation: Pick<Operation, 'base' | 'method' | 'path'>): string {
  return `${operation.method} ${operation.base === '/api' ? '' : operation.base}${operation.path}`;
}

interface DocumentOperation {
  parameters?: DocumentParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

/** Every operation of the document: a new route is fuzzed without anyone adding it here. */
const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/**
 * Every operation of the document: those under /api, and those naming a server of their own (the
 * /v1 endpoints for programs, which take an API key), with that server's base.
 */
export function operationsOf(document: {
  paths: Record<string, Record<string, DocumentOperation> & { servers?: { url: string }[] }>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => httpMethods.has(method))
      .map(([method, documented]) => {
        const operation = documented as DocumentOperation;
        return {
          base: item.servers?.[0]?.url ?? '/api',
          method: method.toUpperCase(),
          path,
          pathParameters: (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'path')
            .map(({ name, schema }) => ({ name, schema })),
          queryParameters: (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query')
            .map(({ name, schema, required }) => ({ name, schema, required: required ?? false })),
          body: operation.requestBody?.content['application/json']?.schema,
          answer: Object.entries(operation.responses)
            .filter(([status, response]) => /^2\d\d$/.test(status) && response.content?.['application/json'])
            .map(([status, response]) => ({
              status: Number(status),
              schema: response.content!['application/json']!.schema,
            }))[0],
        };
      }),
  );
}

export type Caller = 'admin' | 'member' | 'anonymous' | 'forged';

/** A request the fuzzer sends; printed readably when fast-check reports a counterexample. */
export interface FuzzRequest {
  operation: string;
  /** '/api', or '/v1' (sent with the caller's API key instead of their sign-in). */
  base: string;
  caller: Caller;
  method: string;
  /** Below its base, with its query. */
  url: string;
  contentType?: string;
  body?: string;
}

export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : ` ${request.contentType ?? '(no content type)'} ${request.body.length > 400 ? `${JSON.stringify(request.body.slice(0, 400))}… (${request.body.length} characters)` : JSON.stringify(request.body)}`;
  return `${request.method} ${request.base}${request.url.length > 400 ? `${request.url.slice(0, 400)}…` : request.url} as ${request.caller}${body}`;
}

const callers: fc.Arbitrary<Caller> = fc.oneof(
  { weight: 14, arbitrary: fc.constant<Caller>('admin') },
  { weight: 3, arbitrary: fc.constant<Caller>('member') },
  { weight: 2, arbitrary: fc.constant<Caller>('anonymous') },
  { weight: 1, arbitrary: fc.constant<Caller>('forged') },
);

/** Mostly what the schema takes, often bent. */
function value(
  schema: JsonSchema,
  pools: ValuePools,
  name: string,
  path: string,
  bendRate: number,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 100 - bendRate, arbitrary: fittingValue(schema, pools, name, path) },
    { weight: bendRate, arbitrary: bentValue(schema, pools, name, path) },
  );
}

function pathOf(operation: Operation, pools: ValuePools): fc.Arbitrary<string> {
  const segments = operation.pathParameters.map(({ name, schema }) =>
    fc.oneof(
      {
        weight: 6,
        arbitrary: fittingValue(schema, pools, name, operation.path).map((fitting) =>
          name === 'modelId' ? String(fitting) : pathSegment(fitting),
        ),
      },
      { weight: 2, arbitrary: bentValue(schema, pools, name, operation.path).map(pathSegment) },
      { weight: 2, arbitrary: fc.constantFrom(...oddPathSegments) },
    ),
  );
  return fc
    .tuple(...segments)
    .map((values) =>
      operation.pathParameters.reduce(
        (path, { name }, index) => path.replace(`{${name}}`, () => values[index]!),
        operation.path,
      ),
    );
}

function queryOf(operation: Operation, pools: ValuePools): fc.Arbitrary<string> {
  const pairs = operation.queryParameters.map(({ name, schema, required }) =>
    fc.oneof(
      { weight: required ? 1 : 4, arbitrary: fc.constant<string[]>([]) },
      {
        weight: 6,
        arbitrary: value(schema, pools, name, operation.path, 30).map((fitting) => [`${name}=${pathSegment(fitting)}`]),
      },
      { weight: 1, arbitrary: fc.constantFrom(...oddPathSegments).map((odd) => [`${name}=${odd}`]) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fittingValue(schema, pools, name, operation.path), bentValue(schema, pools, name, operation.path))
          .map(([a, b]) => [`${name}=${pathSegment(a)}`, `${name}=${pathSegment(b)}`]),
      },
    ),
  );
  const extra = fc.oneof(
    { weight: 9, arbitrary: fc.constant<string[]>([]) },
    { weight: 1, arbitrary: fc.constantFrom(['unknown=1'], ['%zz=%zz'], ['='], ['a=%00']) },
  );
  return fc.tuple(fc.tuple(...pairs), extra).map(([chosen, more]) => {
    const query = [...chosen.flat(), ...more];
    return query.length === 0 ? '' : `?${query.join('&')}`;
  });
}

/** A JSON body: fitting, with fields bent, missing or added, or not an object at all. */
function bodyOf(
  schema: JsonSchema,
  pools: ValuePools,
  path: string,
): fc.Arbitrary<{ text: string; contentType?: string }> {
  const fields = Object.entries(schema.properties ?? {});
  const json = (body: unknown) => ({ text: JSON.stringify(body), contentType: 'application/json' });
  // Built only for a body with fields: fast-check refuses a subarray of at least one of none.
  const bentFields = () =>
    fc.tuple(fittingObject(schema, pools, path), fc.subarray(fields, { minLength: 1 })).chain(([fitting, chosen]) =>
      fc.tuple(...chosen.map(([name, property]) => bentValue(property, pools, name, path))).map((bent) => {
        const body: Record<string, unknown> = { ...fitting };
        chosen.forEach(([name], index) => {
          body[name] = bent[index];
        });
        return body;
      }),
    );
  const missing = fc
    .tuple(
      fittingObject(schema, pools, path),
      fc.constantFrom(...(schema.required?.length ? schema.required : ['none'])),
    )
    .map(([fitting, name]) => {
      const body: Record<string, unknown> = { ...fitting };
      delete body[name];
      return body;
    });
  // A computed '__proto__' key is an own property, so it reaches the JSON as a client could send it.
  const extra = fittingObject(schema, pools, path).map((fitting) => ({
    ...fitting,
    role: 'admin',
    org_id_override: pools.ids.org()[1],
    constructor: 'x',
    ['__proto__']: { admin: true },
  }));
  const options: fc.WeightedArbitrary<{ text: string; contentType?: string }>[] = [
    { weight: 9, arbitrary: fittingObject(schema, pools, path).map(json) },
    { weight: 2, arbitrary: missing.map(json) },
    { weight: 1, arbitrary: extra.map(json) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('[]', '"text"', '42', 'null', '', '   ', '{', '{"a":', '\u0000', '{"a":1}{"b":2}')
        .map((text) => ({ text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fittingObject(schema, pools, path).chain((body) =>
        fc
          .constantFrom(
            undefined,
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
          )
          .map((contentType) => ({ text: JSON.stringify(body), contentType })),
      ),
    },
    {
      weight: 1,
      arbitrary: withOddCharacter(
        fittingObject(schema, pools, path).map((body) => JSON.stringify(body)),
        rawOddCharacters,
      ).map((text) => ({ text, contentType: 'application/json' })),
    },
  ];
  if (fields.length > 0) options.push({ weight: 6, arbitrary: bentFields().map(json) });
  return fc.oneof(...options);
}

/** Requests for one operation: its schemas' shapes, fitting and bent, from any of the callers (with ids seen from each). */
export function requestsFor(operation: Operation, poolsOf: (caller: Caller) => ValuePools): fc.Arbitrary<FuzzRequest> {
  return callers
    .chain((caller) => {
      const pools = poolsOf(caller);
      const body = operation.body ? bodyOf(operation.body, pools, operation.path) : fc.constant(undefined);
      return fc.record({
        path: pathOf(operation, pools),
        query: queryOf(operation, pools),
        caller: fc.constant(caller),
        body,
      });
    })
    .map(({ path, query, caller, body }) => {
      const request: FuzzRequest = {
        operation: operationName(operation),
        base: operation.base,
        caller,
        method: operation.method,
        url: `${path}${query}`,
        contentType: body?.contentType,
        body: body?.text,
      };
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}
