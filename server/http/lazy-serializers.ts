import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];
type ExternalSchemas = Parameters<NonNullable<SerializerFactory>>[0];

const isNullType = (schema: unknown) =>
  !!schema && typeof schema === 'object' && Object.keys(schema).length === 1 && (schema as { type?: unknown }).type === 'null';

/**
 * The contract writes "X or null" as `anyOf: [{ type: 'null' }, X]`. fast-json-stringify serialises
 * an `anyOf` by running an Ajv validator on the value to pick the branch — on every answer, for every
 * such field (the cart's discount was validated whole each time). Our answers are built by the
 * server, not received, so the serialiser only needs the shape: the same schema as `X` with
 * `nullable: true`, which it serialises with one `=== null` test.
 */
export function serializationSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(serializationSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = serializationSchema(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNullType)) {
    const { anyOf: _options, ...siblings } = out;
    const other = anyOf.find((option) => !isNullType(option)) as Record<string, unknown>;
    return { ...other, ...siblings, nullable: true };
  }
  return out;
}

/**
 * Fastify's own response serialisers (fast-json-stringify, from the contract's response schemas),
 * each compiled when its route first answers with that status instead of at start: the contract has
 * ~100 operations with an error schema per status, most never sent in a process's life, and compiling
 * them all cost start-up time and megabytes of generated code.
 */
export function lazySerializers(): SerializerFactory {
  const selector = SerializerSelector();
  const mapped = new WeakMap<object, ExternalSchemas>();
  return (externalSchemas, options) => {
    let schemas = externalSchemas && mapped.get(externalSchemas);
    if (externalSchemas && !schemas) {
      schemas = serializationSchema(externalSchemas) as ExternalSchemas;
      mapped.set(externalSchemas, schemas);
    }
    const compile = selector(schemas ?? externalSchemas, options);
    return (routeSchema) => {
      let serialize: ((data: unknown) => string) | undefined;
      // UTF-8 bytes, encoded once. The serialiser's string is a rope of small pieces, two-byte as soon as
      // one name holds a ’ or €: sent as a string, it was flattened to count its bytes, then joined to the
      // head and flattened again to be written. A Buffer is counted by its length and written beside the head.
      return (data: unknown) =>
        Buffer.from(
          (serialize ??= compile({ ...routeSchema, schema: serializationSchema(routeSchema.schema) }) as (data: unknown) => string)(data),
        ) as unknown as string;
    };
  };
}
