import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/http/contract';
import { ApiClient, ENGINE, loggedInClient, startTestServer, type TestServer } from './harness';
import { responseValidator } from './response-schemas';

/**
 * Property-based: generated parameters and bodies for every operation of openapi.yaml (read from the
 * yaml, not listed by hand), valid-shaped and hostile mixed, sent to the real server with the session
 * each operation needs. Never a 5xx; every error an Italian `{ message }` JSON; every 2xx JSON body
 * valid against the operation's response schema. (The harness also checks, on close, that every
 * status of a routed request is one its operation declares.)
 */
type Schema = Record<string, any>;
const contract = loadContract() as unknown as Schema;

// ── Generators from the yaml's schemas ────────────────────────────────────────────────────────────
const RAW_1E400 = '__raw_1e400__';
const RAW_MINUS_ZERO = '__raw_minus_zero__';
const nested = (depth: number): unknown => Array.from({ length: depth }).reduce<unknown>((inner) => ({ a: inner }), 1);

/** Values that break naive servers, offered in place of any field. */
const hostile: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  null,
  '',
  '\u0000',
  'a\u0000b',
  'riga\nnuova\ttab',
  '\u001b[31m',
  '1e400',
  RAW_1E400,
  RAW_MINUS_ZERO,
  'Infinity',
  -1,
  0,
  2 ** 31,
  2 ** 53 + 1,
  1e308,
  1.5,
  true,
  [],
  {},
  'x'.repeat(5000),
  '🍕 àèìòù € \u202e \ud800',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  nested(500),
  Array.from({ length: 3000 }, (_, i) => i),
  Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i])),
);

function resolve(schema: Schema): Schema {
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .slice(2)
      .split('/')
      .reduce((node: Schema, key: string) => node[key.replace(/~1/g, '/')], contract);
    const { $ref: _ref, ...siblings } = schema;
    return resolve({ ...target, ...siblings });
  }
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    return (allOf as Schema[]).map(resolve).reduce((merged, part) => ({ ...merged, ...part }), rest);
  }
  return schema;
}

/** A value shaped like the schema (with small overshoots of its bounds), or now and then a hostile one. */
function arbitraryOf(raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  const shaped = shapedOf(schema, depth);
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: hostile });
}

function shapedOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.anyOf) return fc.oneof(...(schema.anyOf as Schema[]).map((s) => shapedOf(resolve(s), depth)));
  const types = ([] as string[]).concat(schema.type ?? 'object');
  const options = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'integer': {
        const min = schema.minimum ?? -(2 ** 31);
        const max = schema.maximum ?? 2 ** 31 - 1;
        return fc.oneof(fc.integer({ min, max: Math.min(max, min + 50) }), fc.integer({ min, max }), fc.constantFrom(min - 1, max + 1));
      }
      case 'number':
        return fc.double({ noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      case 'string': {
        const maxLength = Math.min(schema.maxLength ?? 50, 300) + 2;
        if (schema.pattern) {
          return fc.oneof(
            fc.stringMatching(new RegExp(schema.pattern as string)).filter((s) => s.length <= maxLength),
            fc.string({ maxLength }),
          );
        }
        return fc.string({ maxLength, unit: 'binary' });
      }
      case 'array':
        return fc.array(depth > 4 ? fc.constant(1) : arbitraryOf(schema.items ?? {}, depth + 1), {
          maxLength: Math.min((schema.maxItems ?? 3) + 1, 4),
        });
      default: {
        const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
        const required = new Set<string>(schema.required ?? []);
        const record = fc.record(
          Object.fromEntries(properties.map(([name, child]) => [name, depth > 4 ? fc.constant(null) : arbitraryOf(child, depth + 1)])),
          { requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)) },
        );
        return fc.oneof(
          { weight: 4, arbitrary: record },
          {
            weight: 1,
            arbitrary: fc
              .tuple(record, fc.dictionary(fc.string({ maxLength: 12 }), hostile, { maxKeys: 3 }))
              .map(([r, extra]) => ({ ...extra, ...(r as object) })),
          },
        );
      }
    }
  });
  return fc.oneof(...options);
}

function serialise(body: unknown): string {
  return JSON.stringify(body).replaceAll(`"${RAW_1E400}"`, '1e400').replaceAll(`"${RAW_MINUS_ZERO}"`, '-0');
}

function queryValue(value: unknown): string {
  if (value === RAW_1E400) return '1e400';
  if (value === RAW_MINUS_ZERO) return '-0';
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

// ── The operations, straight from the yaml ───────────────────────────────────────────────────────
interface FuzzOperation {
  operationId: string;
  method: string;
  path: string;
  tags: string[];
  secured: boolean;
  parameters: Schema[];
  body?: Schema;
  responses: Record<string, Schema>;
}

const OPERATIONS: FuzzOperation[] = Object.entries(contract.paths as Record<string, Record<string, Schema>>).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    operationId: op.operationId,
    method: method.toUpperCase(),
    path,
    tags: op.tags ?? [],
    secured: (op.security ?? []).length > 0,
    parameters: ((op.parameters ?? []) as Schema[]).map(resolve),
    body: op.requestBody?.content?.['application/json']?.schema,
    responses: op.responses,
  })),
);

const hostilePathParam = fc.constantFrom(
  '0',
  '-1',
  '1.5',
  '1e400',
  'abc',
  '2147483648',
  '%00',
  '%E2%82%AC',
  'x'.repeat(200),
  '9'.repeat(120),
);

function requestOf(
  op: FuzzOperation,
): fc.Arbitrary<{ url: string; payload?: string; headers: Record<string, string>; anonymous: boolean }> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const body = op.body
    ? fc.oneof(
        { weight: 6, arbitrary: shapedOf(resolve(op.body), 0).map(serialise) },
        { weight: 1, arbitrary: hostile.map(serialise) },
        { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', 'null', '[]', `[${'['.repeat(5000)}`) },
      )
    : fc.constant(undefined);
  return fc
    .record({
      path: fc.tuple(
        ...pathParams.map(() =>
          fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) }, { weight: 1, arbitrary: hostilePathParam }),
        ),
      ),
      query: fc.tuple(...queryParams.map((p) => fc.option(arbitraryOf(p.schema).map(queryValue), { nil: undefined }))),
      headers: fc.tuple(...headerParams.map((p) => fc.option(arbitraryOf(p.schema).map(queryValue), { nil: undefined }))),
      payload: body,
      anonymous: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    })
    .map(({ path, query, headers, payload, anonymous }) => {
      let url = op.path;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, path[i]!)));
      const search = new URLSearchParams(queryParams.flatMap((p, i) => (query[i] === undefined ? [] : [[p.name, query[i]!]]))).toString();
      const headerValues = Object.fromEntries(
        headerParams.flatMap((p, i) => (headers[i] === undefined || /[^\u0020-\u007e]/.test(headers[i]!) ? [] : [[p.name, headers[i]!]])),
      );
      return { url: search ? `${url}?${search}` : url, payload, headers: headerValues, anonymous };
    });
}

// ── Italian errors ──────────────────────────────────────────────────────────────────────────────
const ENGLISH =
  /\b(must|should|Bad Request|Not Found|Internal Server Error|Unsupported Media Type|Payload Too Large|body\/|querystring\/|params\/|is not a valid|Exceeded|Unexpected token|JSON)\b/;
const ITALIAN =
  /(è|à|ò|ù|ì|\b(il|la|le|non|campo|richiesta|ricarica|accedere|riprova|riservato|trovato|trovata|valido|carrello|ordine|codice|email)\b)/i;

// ── The run ─────────────────────────────────────────────────────────────────────────────────────
const RUNS_PER_OPERATION = 40;
const SEED = 20261118;

let server: TestServer;
let customer: ApiClient;
let admin: ApiClient;
const tally = { requests: 0, serverErrors: 0, statuses: {} as Record<number, number> };

beforeAll(async () => {
  server = await startTestServer();
  customer = (await loggedInClient(server)).client;
  admin = (await loggedInClient(server, { role: 'admin' })).client;
});
afterAll(async () => {
  console.log(
    `fuzz on ${ENGINE}: ${tally.requests} requests sent, ${tally.serverErrors} answered 5xx; statuses ${JSON.stringify(tally.statuses)}`,
  );
  await server?.close();
});

/** The session an operation needs to get past its guard; logout and change-password burn their own. */
async function sessionFor(op: FuzzOperation, anonymous: boolean): Promise<ApiClient> {
  if (anonymous || !op.secured) return new ApiClient(server.baseUrl);
  if (op.operationId === 'logout' || op.operationId === 'changePassword') return (await loggedInClient(server)).client;
  return op.tags.includes('cassa') ? admin : customer;
}

describe(`generated requests for every operation of the contract (${ENGINE})`, () => {
  it('covers every operation of openapi.yaml', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(35);
  });

  it.each(OPERATIONS.map((op, index) => ({ ...op, index })))(
    '$operationId: never a 5xx, errors in Italian, 2xx as declared',
    async (op) => {
      await fc.assert(
        fc.asyncProperty(requestOf(op), async (request) => {
          const session = await sessionFor(op, request.anonymous);
          const response = await session.request(op.method, request.url, undefined, {
            raw: request.payload,
            headers: { ...request.headers, ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }) },
          });
          tally.requests += 1;
          tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
          if (response.status >= 500) tally.serverErrors += 1;
          const context = `${op.method} ${request.url.slice(0, 200)} ${String(request.payload).slice(0, 300)} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
          expect(response.status, context).toBeLessThan(500);
          if (response.status >= 400) {
            expect(response.headers.get('content-type'), context).toContain('application/json');
            expect(typeof response.body.message, context).toBe('string');
            expect(response.body.message, context).not.toMatch(ENGLISH);
            expect(response.body.message, context).toMatch(ITALIAN);
          } else if (response.headers.get('content-type')?.includes('application/json')) {
            const validate = responseValidator(op.path, op.method, response.status)!;
            expect(validate(response.body), `${context} ${JSON.stringify(validate.errors)}`).toBe(true);
          }
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED + op.index, endOnFailure: true },
      );
    },
  );

  it('saw no 5xx in all those requests', () => {
    expect(tally.requests).toBeGreaterThanOrEqual(OPERATIONS.length * RUNS_PER_OPERATION);
    expect(tally.serverErrors).toBe(0);
  });
});
