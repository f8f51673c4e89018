import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import { defineRoute } from './http/contract';

/** starting: migrations or the seed still running; draining: a signal came, the balancer must move on. */
export type Phase = 'starting' | 'ready' | 'draining';

/** Where the process is in its life: what /readyz answers. */
export class Lifecycle {
  phase: Phase;
  constructor(phase: Phase = 'starting') {
    this.phase = phase;
  }
}

/** The database must answer `select 1` within this, or the process is not ready (the balancer checks every second). */
export const READINESS_DB_TIMEOUT_MS = 1000;

/** Answers within `ms`, or rejects: a database that hangs is as unready as one that refuses. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /livez and GET /readyz, for the load balancer. No session, no cookie, no body to read; logged
 * only at warn, since the balancer probes every second or two.
 */
export function registerHealth(app: FastifyInstance, options: { db: Db; lifecycle: Lifecycle }): void {
  const probe = { access: 'public', logLevel: 'warn' } as const;
  defineRoute(app, 'getLiveness', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'live' as const };
  });
  defineRoute(app, 'getReadiness', probe, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { phase } = options.lifecycle;
    if (phase !== 'ready') return reply.status(503).send({ status: phase });
    try {
      await within(sql`select 1`.execute(options.db), READINESS_DB_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      return reply.status(503).send({ status: 'database_unavailable' });
    }
    return { status: 'ready' as const };
  });
}

export interface ShutdownOptions {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  /** closes the database once the app has closed */
  closeDatabase: () => Promise<void>;
  /** how long the process keeps serving, unready, so the balancer sees it leave (SHUTDOWN_DRAIN_MS) */
  drainMs: number;
  /** the whole shutdown's bound, from the signal; past it the process exits 1 (SHUTDOWN_TIMEOUT_MS) */
  timeoutMs: number;
}

/**
 * SIGTERM or SIGINT: unready at once (readyz 503), keep serving for the drain delay while the balancer
 * notices, then stop accepting, finish the requests in flight, end the cassa's event streams (their
 * clients reconnect through the balancer to another process), stop the mail worker and the order-event
 * listener, close the database and exit 0. Past the timeout, or at a second signal, exit at once, non-zero.
 */
export function exitGracefully(options: ShutdownOptions): void {
  const { app, lifecycle } = options;
  const log = app.log;
  let stopping = false;

  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`shutdown: second ${signal}, exiting now`);
      return process.exit(1);
    }
    stopping = true;
    lifecycle.phase = 'draining';
    setTimeout(() => {
      log.error(`shutdown: not done within ${options.timeoutMs} ms, exiting`);
      process.exit(1);
    }, options.timeoutMs);
    log.info(`shutdown: ${signal}, unready; still serving for ${options.drainMs} ms while the balancer notices`);
    // Every answer from now on closes its connection: no client keeps reusing one into the close.
    app.server.prependListener('request', (_request, response) => response.setHeader('connection', 'close'));
    await new Promise((resolve) => setTimeout(resolve, options.drainMs));
    log.info('shutdown: no new connections; finishing the requests in flight and closing the event streams');
    try {
      await app.close();
      log.info('shutdown: requests finished, mail worker and event listener stopped; closing the database');
      await options.closeDatabase();
    } catch (error) {
      log.error({ err: error }, 'shutdown: failed');
      return process.exit(1);
    }
    log.info('shutdown: done');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (received) => void shutdown(received));
}
