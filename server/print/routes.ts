import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { requirePrinter } from '../http/auth';
import { defineRoute } from '../http/contract';
import { AppError } from '../errors';
import type { Services } from '../services';

/** The agent's stream looks at its queue this often (a NOTIFY lost, a lease run out in another process). */
const CHECK_EVERY_MS = 5_000;
/** A comment this often keeps a quiet connection open through proxies. */
const HEARTBEAT_EVERY = 4;

/**
 * The print agent's API: a printer token (never a cookie, so no anti-forgery token), good for its own
 * printer's jobs and state only. Pairing is public: the one-time code is the credential.
 */
export const printAgentRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { printers, printJobs, printWakeups, printerStatus } = services;
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of openStreams) close();
  });

  defineRoute(app, 'pairPrintAgent', { access: 'public', bearerOnly: true }, async (request) => {
    const { token, printer } = await printers.pair(request.body.pairing_code, request.ip).catch((error: unknown) => {
      // Logged without the code: the address tells enough.
      if (error instanceof AppError && error.kind === 'unauthenticated') {
        request.log.warn({ address: request.ip }, 'print agent: wrong, used or revoked pairing code');
      }
      throw error;
    });
    return { token, printer: { id: printer.id, name: printer.name, paper_width_mm: printer.paper_width_mm, copies: printer.copies } };
  });

  // `event: jobs` with the number waiting: on connect, when a job is written or a lease runs out, and
  // at each check that finds some (the backstop); the stream ends when the token is revoked.
  defineRoute(app, 'streamPrintAgentEvents', { access: 'printer', stream: true }, async (request, reply) => {
    const printer = await requirePrinter(request);
    let closed = false;
    let sending: Promise<void> = Promise.resolve();
    let queued = false;
    const tell = (reply: FastifyReply) => {
      if (queued || closed) return;
      queued = true;
      sending = sending
        .then(async () => {
          queued = false;
          if (!closed) await reply.sse.send({ event: 'jobs', data: await printJobs.claimable(printer.id) });
        })
        .catch(() => close());
    };
    let ticks = 0;
    const timer = setInterval(() => {
      void (async () => {
        ticks += 1;
        if (!(await printers.isLive(printer.tokenId))) return close();
        if ((await printJobs.claimable(printer.id)) > 0) tell(reply);
        else if (ticks % HEARTBEAT_EVERY === 0) reply.raw.write(': heartbeat\n\n');
      })().catch(() => undefined);
    }, CHECK_EVERY_MS);
    timer.unref();
    const unsubscribe = printWakeups.subscribe(printer.id, () => tell(reply));
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      unsubscribe();
      openStreams.delete(close);
      reply.sse.close();
    };
    openStreams.add(close);
    reply.sse.onClose(close);
    reply.sse.keepAlive();
    reply.sse.sendHeaders();
    reply.raw.flushHeaders();
    tell(reply);
  });

  defineRoute(app, 'claimPrintJob', { access: 'printer', bearerOnly: true }, async (request) => ({
    job: await printJobs.claim(await requirePrinter(request)),
  }));

  defineRoute(app, 'markPrintJobSending', { access: 'printer', bearerOnly: true }, async (request, reply) => {
    await printJobs.sending(await requirePrinter(request), request.params.id);
    return reply.status(204).send();
  });

  defineRoute(app, 'completePrintJob', { access: 'printer', bearerOnly: true }, async (request, reply) => {
    await printJobs.done(await requirePrinter(request), request.params.id);
    return reply.status(204).send();
  });

  defineRoute(app, 'releasePrintJob', { access: 'printer', bearerOnly: true }, async (request, reply) => {
    const printer = await requirePrinter(request);
    request.log.info({ printer: printer.id, job: request.params.id, reason: request.body.reason }, 'print agent: job released');
    await printJobs.release(printer, request.params.id);
    return reply.status(204).send();
  });

  defineRoute(app, 'reportPrinterStatus', { access: 'printer', bearerOnly: true }, async (request, reply) => {
    await printerStatus.report((await requirePrinter(request)).id, request.body);
    return reply.status(204).send();
  });
};
