import { fromPromise } from 'xstate';
import type { CassaDay, ChangeResult, OrderChange, orderPollingMachine } from '../../machines/orderPolling.machine';
import { toCents, type OrderSource } from '../domain';
import { answer, errorMessage, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';

/** The day's list as the server sends it, in cents; cancelled orders (3) never reach the list. */
export function cassaDayFromWire(wire: Schemas['CassaOrdersResponse']): CassaDay {
  return {
    date: wire.date,
    orders: wire.orders.data
      .filter((o) => o.status !== 3)
      .map((o) => ({
        id: o.id,
        orderNum: o.order_num,
        name: o.name,
        totalCents: toCents(o.total_price),
        paymentType: o.payment_type,
        delivery: o.delivery,
        zone: o.zone,
        sourceId: o.source_id as OrderSource,
        status: o.status as 0 | 1 | 2,
        delivered: o.delivered,
        deliveryTime: o.delivery_time,
        categoryQuantities: o.categoryQuantities,
        unknownQuantity: o.count_product_unknown,
      })),
    totals: {
      totalCents: toCents(wire.totals.total),
      cashCents: toCents(wire.totals.contanti),
      cardCents: toCents(wire.totals.carta_di_credito),
    },
    slots: wire.slots.map((s) => ({ time: s.time, orders: s.orders, quantity: s.quantity, externalQuantity: s.external_quantity })),
    slotCapacity: wire.slot_capacity,
  };
}

/** A change the server refuses (the order was cancelled or is gone) is an answer the cassa shows. */
const refused = (_status: number, body: unknown): ChangeResult => ({
  ok: false,
  message: errorMessage(body, 'Questo ordine non si può più modificare.'),
});

/** GET the day's orders; PATCH the printed status and the delivered flag. */
export function createOrderPollingActors(api: ApiClient) {
  return {
    loadDay: fromPromise<CassaDay, { date: string | null }>(async ({ input }) =>
      cassaDayFromWire(
        unwrap(await api.GET('/api/v1/ecommerce/cassa/orders', { params: { query: input.date ? { date: input.date } : {} } })),
      ),
    ),
    saveChange: fromPromise<ChangeResult, OrderChange>(async ({ input }) => {
      const path = { id: input.id };
      const result =
        'status' in input
          ? await api.PATCH('/api/v1/ecommerce/cassa/orders/{id}', { params: { path }, body: { status: input.status } })
          : await api.PATCH('/api/v1/ecommerce/cassa/orders/delivered-status/{id}', {
              params: { path },
              body: { status: input.delivered },
            });
      const settled = answer(result, [404, 409], refused);
      return 'ok' in settled ? settled : { ok: true };
    }),
  } satisfies ActorsOf<typeof orderPollingMachine>;
}
