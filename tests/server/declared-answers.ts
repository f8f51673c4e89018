import type { FastifyInstance } from 'fastify';
import { loadContract } from '../../server/http/contract';
import { responseValidator } from './response-schemas';

interface DeclaredOperation {
  operationId: string;
  path: string;
  method: string;
  statuses: Set<number>;
}

/** "GET /api/v1/blog/posts/:id" → the operation and every status its `responses` declare. */
const DECLARED = new Map<string, DeclaredOperation>(
  Object.entries(loadContract().paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): [string, DeclaredOperation] => [
      `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      { operationId: op.operationId, path, method, statuses: new Set(Object.keys(op.responses).map(Number)) },
    ]),
  ),
);

/**
 * Records every answer of a contract operation whose status the operation does not declare, every
 * 5xx (declared for integrators, but the suite must never see one), and every JSON body that does
 * not match the schema declared for its status: the server's serialisers format answers, they do not
 * validate them. The test harness watches each server it starts and fails the file on close when
 * anything was recorded.
 */
export function watchDeclaredAnswers(app: FastifyInstance): { violations(): string[] } {
  const seen = new Set<string>();
  app.addHook('onSend', async (request, reply, payload) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const operation = DECLARED.get(`${method} ${request.routeOptions.url}`);
    if (!operation) return;
    // A 503 from /readyz is its answer while starting or draining, not a failure.
    const unready = operation.operationId === 'getReadiness' && reply.statusCode === 503;
    if (!operation.statuses.has(reply.statusCode) || (reply.statusCode >= 500 && !unready)) {
      seen.add(`${operation.operationId} ${reply.statusCode}`);
      return;
    }
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    const encoded = reply.getHeader('content-encoding') !== undefined;
    if (!json || encoded || request.method === 'HEAD' || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return;
    const validate = responseValidator(operation.path, operation.method, reply.statusCode);
    if (validate && !validate(JSON.parse(String(payload)))) {
      seen.add(
        `${operation.operationId} ${reply.statusCode} body does not match its schema: ${JSON.stringify(validate.errors).slice(0, 500)}`,
      );
    }
  });
  return { violations: () => [...seen].sort() };
}
