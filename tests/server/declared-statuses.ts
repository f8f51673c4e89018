import type { FastifyInstance } from 'fastify';
import { loadContract } from '../../server/http/contract';

interface DeclaredOperation {
  operationId: string;
  statuses: Set<number>;
}

/** "GET /api/v1/blog/posts/:id" → the operation and every status its `responses` declare. */
const DECLARED = new Map<string, DeclaredOperation>(
  Object.entries(loadContract().paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): [string, DeclaredOperation] => [
      `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      { operationId: op.operationId, statuses: new Set(Object.keys(op.responses).map(Number)) },
    ]),
  ),
);

/**
 * Records every answer of a contract operation whose status the operation does not declare, and
 * every 5xx (declared for integrators, but the suite must never see one). The test harness watches
 * each server it starts and fails the file on close when anything was recorded.
 */
export function watchDeclaredStatuses(app: FastifyInstance): { undeclared(): string[] } {
  const seen = new Set<string>();
  app.addHook('onSend', async (request, reply) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const operation = DECLARED.get(`${method} ${request.routeOptions.url}`);
    if (!operation) return;
    // A 503 from /readyz is its answer while starting or draining, not a failure.
    const unready = operation.operationId === 'getReadiness' && reply.statusCode === 503;
    if (!operation.statuses.has(reply.statusCode) || (reply.statusCode >= 500 && !unready)) {
      seen.add(`${operation.operationId} ${reply.statusCode}`);
    }
  });
  return { undeclared: () => [...seen].sort() };
}
