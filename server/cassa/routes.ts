import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { toEuros, type OrderStatus } from '../../src/domain';
import { requireUser } from '../http/auth';
import { defineRoute } from '../http/contract';
import { categoryDto, productDto, zoneDto } from '../http/wire';
import { cassaOrderDetailDto, cassaOrderDto } from '../orders/order-dto';
import { allOrders } from '../orders/order-event-stream';
import { orderEventStreams } from '../http/sse';
import type { RequestKey } from './cassa.service';
import type { Services } from '../services';
import { renderTicket } from './ticket-pdf';

const clientDto = (c: {
  id: number;
  name: string;
  address: string | null;
  telephone: string | null;
  zone_id: number | null;
  cap: string | null;
}) => ({
  id: c.id,
  name: c.name,
  address: c.address,
  telephone: c.telephone,
  zone_id: c.zone_id,
  cap: c.cap,
});

/** The request's Idempotency-Key, scoped by the service to the staff member who sent it. */
async function requestKey(request: FastifyRequest): Promise<RequestKey | null> {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? { staffId: (await requireUser(request)).id, key } : null;
}

/** The cash desk; every route is for staff (role admin). */
export const cassaRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { cassa, catalog } = services;
  const streamEvents = orderEventStreams(app, services);

  // The cassa follows every order, the catalogue's versions (its products' prices, sold-out marks) and the kitchen printers.
  defineRoute(app, 'streamCassaEvents', { access: 'admin', stream: true }, (request, reply) =>
    streamEvents(request, reply, { orders: allOrders, catalogue: true, printers: true }),
  );

  defineRoute(app, 'getCassaInit', { access: 'admin' }, async () => {
    const { clients, snapshot, today, now, closedDays } = await cassa.init();
    return {
      today,
      now,
      clients: clients.map((c) => ({
        ...clientDto(c),
        last_order_lines: c.lastOrderLines.map((l) => ({
          product_id: l.productId,
          variant_id: l.variantId,
          addition_ids: l.additionIds,
          qty: l.qty,
        })),
      })),
      zones: snapshot.zones.map(zoneDto),
      categories: snapshot.categories.map(categoryDto),
      products: snapshot.products.map(productDto),
      closed_days: closedDays.map((d) => ({ date_from: d.from, date_until: d.until, notice: d.notice })),
      catalogue_version: snapshot.catalogueVersion,
    };
  });

  defineRoute(app, 'listCassaOrders', { access: 'admin' }, async (request) => {
    const { catalogueVersion } = await catalog.snapshot();
    const day = await cassa.dayOrders(request.query.date);
    return {
      date: day.date,
      // The cassa's 30 s refresh: a higher version than its products and zones came with reloads them.
      catalogue_version: catalogueVersion,
      orders: { data: day.orders.map(cassaOrderDto) },
      totals: {
        total: toEuros(day.totals.totalCents),
        contanti: toEuros(day.totals.cashCents),
        carta_di_credito: toEuros(day.totals.cardCents),
      },
      counters: { not_delivered: day.counters.notDelivered, status_counts: day.counters.statusCounts },
      slots: day.slots,
      slot_capacity: day.slotCapacity,
      closed_notice: day.closedNotice,
    };
  });

  defineRoute(app, 'getCassaOrder', { access: 'admin' }, async (request) => ({
    order: cassaOrderDetailDto(await cassa.order(request.params.id), await catalog.snapshot()),
  }));

  defineRoute(app, 'storeCassaOrder', { access: 'admin' }, async (request, reply) => {
    const { order, replayed } = await cassa.store(request.body, await requestKey(request));
    reply.status(replayed ? 200 : 201);
    return { message: 'Ordine creato.', order: cassaOrderDto(order) };
  });

  // Edits, status and delivered changes are idempotent on the key too: the offline outbox resends them.
  defineRoute(app, 'updateCassaOrder', { access: 'admin' }, async (request) => {
    const { order } = await cassa.update(request.params.id, request.body, await requestKey(request));
    return { message: 'Ordine modificato.', order: cassaOrderDto(order) };
  });

  defineRoute(app, 'setCassaOrderStatus', { access: 'admin' }, async (request) => {
    const { order } = await cassa.setStatus(request.params.id, request.body.status as OrderStatus, await requestKey(request));
    return { message: 'Stato aggiornato.', order: cassaOrderDto(order) };
  });

  defineRoute(app, 'setCassaOrderDelivered', { access: 'admin' }, async (request) => {
    const { order } = await cassa.setDelivered(request.params.id, request.body.status, await requestKey(request));
    return { message: 'Consegna aggiornata.', order: cassaOrderDto(order) };
  });

  // The row's tap and the delays: idempotent on the key too (the offline outbox resends them).
  defineRoute(app, 'moveCassaOrderProgress', { access: 'admin' }, async (request) => {
    const { order } = await services.cassaProgress.move(request.params.id, request.body.direction, await requestKey(request));
    return { message: 'Avanzamento aggiornato.', order: cassaOrderDto(order) };
  });

  defineRoute(app, 'delayCassaOrder', { access: 'admin' }, async (request) => {
    const { order } = await services.cassaProgress.delayOne(request.params.id, request.body.minutes, await requestKey(request));
    return { message: 'Ordine posticipato.', order: cassaOrderDto(order) };
  });

  defineRoute(app, 'delayCassaOrders', { access: 'admin' }, async (request) =>
    services.cassaProgress.delayAll(request.body.minutes, await requestKey(request)),
  );

  defineRoute(app, 'createCassaClient', { access: 'admin' }, async (request, reply) => {
    reply.status(201);
    return { client: clientDto(await cassa.createClient(request.body)) };
  });

  defineRoute(app, 'suggestCassaClient', { access: 'admin' }, async (request) => {
    const { client, lastOrder } = await cassa.suggestClient(request.body.id);
    return { client: clientDto(client), last_order: lastOrder ? cassaOrderDto(lastOrder) : null };
  });

  // The kitchen printers print it (the order turns 'Stampato' when one says done); none paired: 409, the PDF then.
  defineRoute(app, 'printCassaOrder', { access: 'admin' }, async (request, reply) =>
    reply.status(202).send({ jobs: await services.printJobs.printOrder(request.params.id) }),
  );

  defineRoute(app, 'getCassaOrderPdf', { access: 'admin' }, async (request, reply) => {
    const order = await cassa.order(request.params.id);
    const snapshot = await catalog.snapshot();
    const pdf = await renderTicket(order, {
      shopName: snapshot.settings.shop_name!,
      zoneName: order.zone_name,
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="ordine-${order.order_num}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
};
