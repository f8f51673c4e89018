import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService } from '../auth/auth.service';
import type { CatalogService } from '../ecommerce/catalog';
import type { SessionStreams } from '../auth/session-streams';
import type { OrderEvents } from '../orders/order-events';
import { oneOrder, type OrderEventFilter, type OrderEventStream, type StreamMessage } from '../orders/order-event-stream';
import type { PrinterState, PrinterStatusService } from '../print/printer-status';
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

/** A kitchen printer's state: its own event name and no id either (the cassa's header shows it). */
const printerMessage = ({ state }: Extract<StreamMessage, { type: 'printer' }>) => ({ event: 'printer', data: state });

const messageOf = (message: Exclude<StreamMessage, { type: 'heartbeat' }>) =>
  message.type === 'event' ? eventMessage(message) : message.type === 'catalogue' ? catalogueMessage(message) : printerMessage(message);

/** The client's Last-Event-ID as an id, or null when it sent none (or none of ours). */
function lastEventIdOf(reply: FastifyReply): number | null {
  const id = Number(reply.sse.lastEventId || Number.NaN);
  return Number.isSafeInteger(id) ? id : null;
}

/** The streams a server holds open: it ends them all when it closes, or close() would wait forever. */
function openStreams(app: FastifyInstance): Set<OrderEventStream> {
  const open = new Set<OrderEventStream>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.close();
  });
  return open;
}

/**
 * Sends `stream` to its client until either ends; `isOver`, asked after each event with its id, ends it
 * once the client has all it will ever get (a closed order). Returns at once: the stream lives on.
 */
function serve(
  reply: FastifyReply,
  stream: OrderEventStream,
  open: Set<OrderEventStream>,
  isOver?: (sentId: number) => Promise<boolean>,
): void {
  open.add(stream);
  reply.sse.onClose(() => stream.close());
  void stream.ended.then((reason) => {
    open.delete(stream);
    // A client too slow to read has a full socket: ending it politely would wait for it too.
    if (reason === 'overflow') reply.raw.destroy();
    else reply.sse.close();
  });
  reply.sse.keepAlive();
  reply.sse.sendHeaders();
  reply.raw.flushHeaders();
  // Written while the handler returns. A write waits for the client to take it (backpressure), or for
  // the stream to end meanwhile.
  void (async () => {
    for await (const message of stream) {
      if (message.type === 'heartbeat') reply.raw.write(': heartbeat\n\n');
      else {
        await Promise.race([reply.sse.send(messageOf(message)), stream.ended]);
        if (isOver && message.type === 'event' && (await isOver(message.event.id))) stream.close();
      }
    }
  })().catch(() => stream.close());
}

/** What a stream route follows: the orders of its filter, and whether the catalogue's versions and the printers' states too. */
export interface StreamSubject {
  orders: OrderEventFilter;
  catalogue: boolean;
  printers?: boolean;
}

/**
 * Serves order event streams over Server-Sent Events, each bound to its session: a logout or a disabled
 * account closes it (`SessionStreams`), and each heartbeat re-checks that the session still holds.
 * Returns the handler a stream route calls with what it follows.
 */
export function orderEventStreams(
  app: FastifyInstance,
  services: {
    events: OrderEvents;
    auth: AuthService;
    sessionStreams: SessionStreams;
    catalog: CatalogService;
    printerStatus: PrinterStatusService;
  },
): (request: FastifyRequest, reply: FastifyReply, subject: StreamSubject) => Promise<void> {
  const open = openStreams(app);
  return async (request, reply, subject) => {
    const session = await requireSession(request);
    const token = request.authToken()!;
    const stream = services.events.stream(lastEventIdOf(reply), subject.orders, {
      stillValid: async () => (await services.auth.sessionForToken(token))?.id === session.id,
      ...(subject.catalogue && { catalogue: (listener: (version: number) => void) => services.catalog.onVersion(listener) }),
      ...(subject.printers && { printers: (listener: (state: PrinterState) => void) => services.printerStatus.follow(listener) }),
    });
    const unbind = services.sessionStreams.bind(
      { id: session.id, userId: session.user.id },
      { close: () => stream.close('revoked'), recheck: () => void stream.recheck() },
    );
    void stream.ended.then(unbind);
    serve(reply, stream, open);
  };
}

/**
 * Serves one order's stream to whoever holds its tracking link, no session: only that order's events,
 * ended once the order is closed (`isClosed`, asked at the start and after each event) and the client
 * has its events up to the last (the closing one may be committed before the ones it follows reach
 * this process: the order closes while they are on their way).
 */
export function trackedOrderStreams(
  app: FastifyInstance,
  events: OrderEvents,
): (reply: FastifyReply, orderId: number, isClosed: () => Promise<boolean>) => Promise<void> {
  const open = openStreams(app);
  return async (reply, orderId, isClosed) => {
    const filter = oneOrder(orderId);
    const stream = events.stream(lastEventIdOf(reply), filter);
    serve(reply, stream, open, async (sentId) => (await isClosed()) && !(await events.hasAfter(sentId, filter)));
    // Already closed: nothing more will come (the page reads the order as it is).
    if (await isClosed()) stream.close();
  };
}
