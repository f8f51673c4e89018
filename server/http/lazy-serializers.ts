import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];

/**
 * Fastify's own response serialisers (fast-json-stringify, from the contract's response schemas),
 * each compiled when its route first answers with that status instead of at start: the contract has
 * ~100 operations with an error schema per status, most never sent in a process's life, and compiling
 * them all cost start-up time and megabytes of generated code.
 */
export function lazySerializers(): SerializerFactory {
  const selector = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = selector(externalSchemas, options);
    return (routeSchema) => {
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => (serialize ??= compile(routeSchema) as (data: unknown) => string)(data);
    };
  };
}
