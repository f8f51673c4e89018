import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { FastifyInstance, FastifyReply, FastifyRequest, LogLevel, RouteShorthandOptions } from 'fastify';
import type { operations } from '../../openapi/schema';
import { fieldLabel, fieldMessages, invalidField } from '../errors';
import { ROOT } from '../root';
import type { StaffRole } from '../../src/domain';
import { accessGuard, type Access } from './auth';

/** The contract file, loaded once: routes, validation and serialisation all come from it. */
export const CONTRACT_PATH = pathToFileURL(path.join(ROOT, 'openapi', 'openapi.yaml'));

type JsonSchema = Record<string, unknown>;
interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
  $ref?: string;
}
interface OperationObject {
  operationId: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  /** the staff role a staff operation needs: `cashier` (every staff member) or `owner` */
  'x-staff-role'?: StaffRole;
  parameters?: ParameterObject[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: JsonSchema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, ParameterObject>;
    responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  };
}

export interface ContractOperation {
  operationId: string;
  method: string;
  /** OpenAPI path, e.g. /api/v1/blog/posts/{id} */
  path: string;
  /** Fastify path, e.g. /api/v1/blog/posts/:id */
  url: string;
  secured: boolean;
  /** the staff role a staff operation needs (`x-staff-role`); undefined for the others */
  staffRole?: StaffRole;
  tags: string[];
  schema: NonNullable<RouteShorthandOptions['schema']>;
}

let cachedDocument: OpenApiDocument | undefined;
export function loadContract(): OpenApiDocument {
  cachedDocument ??= parse(fs.readFileSync(CONTRACT_PATH, 'utf8')) as OpenApiDocument;
  return cachedDocument;
}

const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;

/** `#/components/schemas/X` → `X#`, the id each component is registered under with addSchema. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const match = COMPONENT_REF.exec(value);
        out[key] = match ? `${match[1]}#` : value;
      } else if (key !== 'example' && key !== 'examples') {
        out[key] = rewriteRefs(value);
      }
    }
    return out;
  }
  return node;
}

function resolveLocal<T>(doc: OpenApiDocument, value: T & { $ref?: string }): T {
  if (!value.$ref) return value;
  const [, , section, name] = value.$ref.split('/');
  return (doc.components as unknown as Record<string, Record<string, T>>)[section!]![name!]!;
}

function parametersSchema(params: ParameterObject[], location: ParameterObject['in']): JsonSchema | undefined {
  const selected = params.filter((p) => p.in === location);
  if (selected.length === 0) return undefined;
  const key = (p: ParameterObject) => (location === 'header' ? p.name.toLowerCase() : p.name);
  return {
    type: 'object',
    properties: Object.fromEntries(selected.map((p) => [key(p), rewriteRefs(p.schema)])),
    required: selected.filter((p) => p.required).map(key),
  };
}

let cachedOperations: ContractOperation[] | undefined;
export function contractOperations(): ContractOperation[] {
  cachedOperations ??= buildOperations(loadContract());
  return cachedOperations;
}

function buildOperations(doc: OpenApiDocument): ContractOperation[] {
  const result: ContractOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).map((p) => resolveLocal(doc, p));
      const response: Record<string, unknown> = {};
      for (const [status, raw] of Object.entries(op.responses)) {
        const json = resolveLocal(doc, raw).content?.['application/json'];
        if (json) response[status] = rewriteRefs(json.schema);
      }
      const body = op.requestBody?.content['application/json']?.schema;
      result.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        secured: (op.security ?? []).length > 0,
        ...(op['x-staff-role'] ? { staffRole: op['x-staff-role'] } : {}),
        tags: op.tags ?? [],
        schema: {
          ...(body ? { body: rewriteRefs(body) } : {}),
          ...(parametersSchema(params, 'path') ? { params: parametersSchema(params, 'path') } : {}),
          ...(parametersSchema(params, 'query') ? { querystring: parametersSchema(params, 'query') } : {}),
          ...(parametersSchema(params, 'header') ? { headers: parametersSchema(params, 'header') } : {}),
          response,
        },
      });
    }
  }
  return result;
}

/** Registers every component schema once, so `X#` references resolve in validators and serialisers. */
export function registerContractSchemas(app: FastifyInstance, doc: OpenApiDocument = loadContract()): void {
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    app.addSchema({ $id: name, ...(rewriteRefs(schema) as JsonSchema) });
  }
}

// ── Types of each operation, from openapi/schema.d.ts ────────────────────────
export type OperationId = keyof operations;
type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Op<K extends OperationId> = operations[K];
export type RequestBody<K extends OperationId> = Op<K> extends { requestBody: infer R } ? JsonContent<NonNullable<R>> : unknown;
export type PathParams<K extends OperationId> = Op<K>['parameters'] extends { path: infer P } ? NonNullable<P> : unknown;
export type QueryParams<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q } ? NonNullable<Q> : unknown;
type Responses<K extends OperationId> = Op<K>['responses'];
export type SuccessBody<K extends OperationId> =
  | (200 extends keyof Responses<K> ? JsonContent<Responses<K>[200]> : never)
  | (201 extends keyof Responses<K> ? JsonContent<Responses<K>[201]> : never);

export type ContractRequest<K extends OperationId> = FastifyRequest<{
  Body: RequestBody<K>;
  Params: PathParams<K>;
  Querystring: QueryParams<K>;
}>;
export type ContractHandler<K extends OperationId> = (
  request: ContractRequest<K>,
  reply: FastifyReply,
) => Promise<SuccessBody<K> | FastifyReply | void>;

export interface RouteOptions {
  access: Access;
  /** extra per-route Fastify config (e.g. body limit) */
  bodyLimit?: number;
  /** what a body over `bodyLimit` is told (413), when the generic words would not help */
  tooLargeMessage?: string;
  /** a Server-Sent Events stream (`text/event-stream`): the handler gets `reply.sse` (@fastify/sse) */
  stream?: boolean;
  /** the access log's level for this route (e.g. 'warn' for the balancer's probes, every second) */
  logLevel?: LogLevel;
  /** no anti-forgery token: the route reads no cookie, only its bearer token or body (the print agent) */
  bearerOnly?: true;
}

/** Whether a value holds a number that is not finite anywhere inside it. Iterative: bodies may nest deeply. */
function holdsNonFiniteNumber(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return true;
    } else if (value && typeof value === 'object') {
      for (const key in value) pending.push((value as Record<string, unknown>)[key]);
    }
  }
  return false;
}

/**
 * The path to the first number that is not finite, if any. Ajv's type coercion turns "1e400" into
 * Infinity and then skips every number keyword (minimum, maximum, format), so a bounded integer of the
 * query, the path or the body could still arrive as Infinity. Iterative: bodies may nest deeply.
 */
export function nonFiniteNumberPath(root: unknown): string | undefined {
  // Nearly every request holds none: the cheap walk first, paths only for the refusal.
  if (!holdsNonFiniteNumber(root)) return undefined;
  const pending: [value: unknown, path: string][] = [[root, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'number' && !Number.isFinite(value)) return path;
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}

async function refuseNonFiniteNumbers(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const path = nonFiniteNumberPath(part);
    if (path !== undefined) {
      const field = path.replace(/^data\./, '');
      throw invalidField(field || 'request', fieldMessages.invalid(fieldLabel(field.split('.').pop() ?? '')));
    }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    tooLargeMessage?: string;
    bearerOnly?: true;
  }
  interface FastifyInstance {
    /** The operationIds that have a handler in this app (the contract coverage test reads it). */
    contractRegistry: Set<string>;
    /** "METHOD /url" of every route, contract or not */
    routeTable: string[];
  }
}

/**
 * Adds the handler of one contract operation: method, path and schemas come from the yaml; the
 * access level must agree with the operation's `security`.
 */
export function defineRoute<K extends OperationId>(
  app: FastifyInstance,
  operationId: K,
  options: RouteOptions,
  handler: ContractHandler<K>,
): void {
  const op = contractOperations().find((o) => o.operationId === operationId);
  if (!op) throw new Error(`Operation ${operationId} is not in the contract`);
  if (op.secured !== (options.access !== 'public')) {
    throw new Error(`Operation ${operationId}: access "${options.access}" disagrees with the contract's security`);
  }
  // A staff operation without its role would let every staff member in: the server does not start.
  if ((options.access === 'admin') !== (op.staffRole !== undefined)) {
    throw new Error(`Operation ${operationId}: access "${options.access}" needs x-staff-role exactly when it is for staff`);
  }
  app.contractRegistry.add(operationId);
  const preHandler = accessGuard(options.access, op.staffRole);
  app.route({
    method: op.method as 'GET',
    url: op.url,
    schema: op.schema,
    // onRequest: who may call is decided before the body is read or validated.
    ...(preHandler ? { onRequest: preHandler } : {}),
    // Only where a number can come in: a route without path, query or body has nothing to check.
    ...(op.schema.params || op.schema.querystring || op.schema.body ? { preHandler: refuseNonFiniteNumbers } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // 'manual': no Accept negotiation (whatever a client sends, past the guard it gets the stream).
    ...(options.stream ? { sse: 'manual' as const } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    config: { tooLargeMessage: options.tooLargeMessage, bearerOnly: options.bearerOnly },
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
