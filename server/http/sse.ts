import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService } from '../auth/auth.service';
import type { CatalogService } from '../ecommerce/catalog';
import type { SessionStreams } from '../auth/session-streams';
import type { OrderEvents } from '../orders/order-events';
import type { OrderEventFilter, OrderEventStream, StreamMessage } from '../orders/order-event-stream';
import { requireSession } from './auth';

/** What one event tells the client: which order, what happened, which day's list it belongs to. */
const eventMessage = ({ event }: Extract<StreamMessage, { type: 'event' }>) => ({
  id: String(event.id),
  data: { order_id: event.orderId, kind: event.kind, delivery_date: event.deliveryDate },
});

/**
 * A new catalogue version: an event of its own name (order listeners never see it) and no id, so the
 * client's Last-Event-ID stays the last order event's.
 */
const catalogueMessage = ({ version }: Extract<StreamMessage, { type: 'catalogue' }>) => ({ event: 'catalogue', data: version });

/** The client's Last-Event-ID as an id, or null when it sent none (or none of ours). */
function lastEventIdOf(reply: FastifyReply): number | null {
  const id = Number(reply.sse.lastEventId || Number.NaN);
  return Number.isSafeInteger(id) ? id : null;
}

/** What a stream route follows: the orders of its filter, and whether the catalogue's versions too. */
export interface StreamSubject {
  orders: OrderEventFilter;
  catalogue: boolean;
}

/**
 * Serves order event streams over Server-Sent Events, each bound to its session: a logout or a disabled
 * account closes it (`SessionStreams`), and each heartbeat re-checks that the session still holds.
 * Returns the handler a stream route calls with what it follows.
 */
export function orderEventStreams(
  app: FastifyInstance,
  services: { events: OrderEvents; auth: AuthService; sessionStreams: SessionStreams; catalog: CatalogService },
): (request: FastifyRequest, reply: FastifyReply, subject: StreamSubject) => Promise<void> {
  const open = new Set<OrderEventStream>();
  // A stream never ends by itself: the server ends them all when it closes, or close() would wait forever.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.close();
  });

  return async (request, reply, subject) => {
    const session = await requireSession(request);
    const token = request.authToken()!;
    const stream = services.events.stream(lastEventIdOf(reply), subject.orders, {
      stillValid: async () => (await services.auth.sessionForToken(token))?.id === session.id,
      ...(subject.catalogue && { catalogue: (listener: (version: number) => void) => services.catalog.onVersion(listener) }),
    });
    open.add(stream);
    const unbind = services.sessionStreams.bind(
      { id: session.id, userId: session.user.id },
      { close: () => stream.close('revoked'), recheck: () => void stream.recheck() },
    );
    reply.sse.onClose(() => stream.close());
    void stream.ended.then((reason) => {
      open.delete(stream);
      unbind();
      // A client too slow to read has a full socket: ending it politely would wait for it too.
      if (reason === 'overflow') reply.raw.destroy();
      else reply.sse.close();
    });
    reply.sse.keepAlive();
    reply.sse.sendHeaders();
    reply.raw.flushHeaders();
    // Written while the handler returns: the stream lives on until its client or its session goes. A
    // write waits for the client to take it (backpressure), or for the stream to end meanwhile.
    void (async () => {
      for await (const message of stream) {
        if (message.type === 'heartbeat') reply.raw.write(': heartbeat\n\n');
        else {
          const sse = message.type === 'event' ? eventMessage(message) : catalogueMessage(message);
          await Promise.race([reply.sse.send(sse), stream.ended]);
        }
      }
    })().catch(() => stream.close());
  };
}
