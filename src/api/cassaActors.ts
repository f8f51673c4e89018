import type { UseStore } from 'idb-keyval';
import { fromCallback, fromPromise } from 'xstate';
import type { cartMachine } from '../../machines/cart.machine';
import type { cassaOrderMachine } from '../../machines/cassaOrder.machine';
import type { CassaCatalog, LoadOrderOutcome, OpenedOrder, SaveOrderInput, SaveOrderOutcome } from '../../machines/cassaOrder.types';
import { cassaScreenMachine, screenDelay, screenEditor, screenOrders, screenPrinter } from '../../machines/cassaScreen.machine';
import type { cassaDayListMachine } from '../../machines/cassaDayList.machine';
import type { CassaDay, ChangeResult, LiveOrderEvent, OrderChange, CassaDayListEvent } from '../../machines/cassaDayList.types';
import { cassaOutboxMachine, type OrderSummary, type OutboxWrite } from '../../machines/cassaOutbox.machine';
import {
  CANCELLED_ORDER_MESSAGE,
  canEditOrder,
  EXTERNAL_ORDER_MESSAGE,
  formatTime,
  ORDER_STATUS,
  shopClock,
  toCents,
  toMinutes,
  type OrderSource,
} from '../domain';
import type { CassaEffects } from '../actors/AppActors';
import { lineFromWire, lineToWire } from './cartActors';
import type { OfflineCopy } from '../../machines/cassaStart.machine';
import { createCassaDelayActors } from './cassaDelayActors';
import { createCassaPrinterActors, printerReportFromWire, type WirePrinterEvent } from './cassaPrinterActors';
import { keptCatalog } from './cassaStartActors';
import { createCassaOutboxActors, orderSummary, refusedWrite, request, writeOrQueue } from './cassaOutboxActors';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { refusalFrom } from './refusal';
import { staffProductFromWire, zoneFromWire } from './shopActors';

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
        progress: o.progress,
        deliveryTime: o.delivery_time,
        delayMinutes: o.delay_minutes,
        groupQuantities: o.groupQuantities,
        unknownQuantity: o.count_product_unknown,
        allergyNote: o.allergy_note,
      })),
    totals: {
      totalCents: toCents(wire.totals.total),
      cashCents: toCents(wire.totals.contanti),
      cardCents: toCents(wire.totals.carta_di_credito),
    },
    counters: {
      notDelivered: wire.counters.not_delivered,
      pending: wire.counters.status_counts['0'],
      reprint: wire.counters.status_counts['2'],
    },
    slots: wire.slots.map((s) => ({ time: s.time, orders: s.orders, quantity: s.quantity, externalQuantity: s.external_quantity })),
    slotCapacity: wire.slot_capacity,
    closedNotice: wire.closed_notice,
    catalogueVersion: wire.catalogue_version,
  };
}

/** The live stream's address: the browser sends the staff session's cookie with it. */
export const CASSA_EVENTS_URL = '/api/v1/ecommerce/cassa/events';

interface WireOrderEvent {
  order_id: number;
  kind: LiveOrderEvent['kind'];
  delivery_date: string;
}

/**
 * Follows the cassa's stream with the browser's EventSource: its unnamed events are the orders' changes,
 * its `catalogue` events the back office's new catalogue versions, its `printer` events the kitchen printers' state. A failure closes it and says so: the
 * list's machine decides when to open it again (EventSource would retry on its own, unseen). Without
 * EventSource (jsdom) there is no stream and the list only polls.
 */
export const followOrders = fromCallback<CassaDayListEvent>(({ sendBack, system }) => {
  if (typeof EventSource === 'undefined') return;
  const source = new EventSource(CASSA_EVENTS_URL, { withCredentials: true });
  source.onopen = () => sendBack({ type: 'live.opened' });
  source.onmessage = (message: MessageEvent<string>) => {
    const event = JSON.parse(message.data) as WireOrderEvent;
    sendBack({ type: 'live.event', orderId: event.order_id, kind: event.kind, deliveryDate: event.delivery_date });
  };
  source.addEventListener('catalogue', (message: MessageEvent<string>) => {
    sendBack({ type: 'catalogue.changed', version: Number(message.data) });
  });
  // The kitchen printers' state is the header's (the screen's `cassaPrinter`), not the list's.
  source.addEventListener('printer', (message: MessageEvent<string>) => {
    system
      .get('cassaPrinter')
      ?.send({ type: 'printer.reported', report: printerReportFromWire(JSON.parse(message.data) as WirePrinterEvent) });
  });
  source.onerror = () => {
    source.close();
    sendBack({ type: 'live.lost' });
  };
  return () => source.close();
});

/** The request a click on a row makes, and how 'Da inviare' names it. */
function changeWrite(change: OrderChange): { write: OutboxWrite; label: string } {
  const orderId = change.id;
  if ('status' in change) return { write: { kind: 'status', orderId, status: change.status }, label: `Ordine ${orderId} stampato` };
  if ('delivered' in change) {
    const label = `Ordine ${orderId} ${change.delivered ? 'consegnato' : 'da consegnare'}`;
    return { write: { kind: 'delivered', orderId, delivered: change.delivered }, label };
  }
  if ('delay' in change) {
    return { write: { kind: 'delay', orderId, minutes: change.delay }, label: `Ordine ${orderId} posticipato di ${change.delay} min` };
  }
  const label = `Ordine ${orderId}: ${change.direction === 'next' ? 'passo successivo' : 'annullato ultimo passo'}`;
  return { write: { kind: 'progress', orderId, direction: change.direction }, label };
}

/** GET the day's orders; send a row's change (print, delivered, step, delay; queued for the outbox when unreachable); follow the live stream. */
export function createCassaDayListActors(api: ApiClient) {
  return {
    loadDay: fromPromise<CassaDay, { date: string | null }>(async ({ input }) =>
      cassaDayFromWire(
        unwrap(await api.GET('/api/v1/ecommerce/cassa/orders', { params: { query: input.date ? { date: input.date } : {} } })),
      ),
    ),
    saveChange: fromPromise<ChangeResult, OrderChange>(({ input }) => {
      const key = crypto.randomUUID();
      const { write, label } = changeWrite(input);
      return writeOrQueue(
        { key, label, write, summary: null },
        () => request(api, write, key),
        (result) => {
          const settled = answer(result, [404, 409], (_status, body) => refusedWrite(body, 'Questo ordine non si può più modificare.'));
          return 'kind' in settled ? settled : { kind: 'saved' };
        },
      );
    }),
    followOrders,
  } satisfies ActorsOf<typeof cassaDayListMachine>;
}

/** The cassa's init as the widget holds it (money in cents), with the shop's clock running on. */
export function cassaCatalogFromWire(
  init: Schemas['CassaInitResponse'],
  now = shopClock({ date: init.today, time: init.now }),
): CassaCatalog {
  return {
    clients: init.clients.map((c) => ({
      id: c.id,
      name: c.name,
      address: c.address,
      telephone: c.telephone,
      zoneId: c.zone_id ?? null,
      lastOrder: c.last_order_lines.map((l) => ({
        productId: l.product_id,
        variantId: l.variant_id,
        additionIds: l.addition_ids,
        qty: l.qty,
      })),
    })),
    zones: init.zones.map(zoneFromWire),
    categories: init.categories,
    products: init.products.map(staffProductFromWire),
    now,
    closedDays: init.closed_days.map((d) => ({ from: d.date_from, until: d.date_until, notice: d.notice })),
    catalogueVersion: init.catalogue_version,
  };
}

/** The order as the widget edits it: the form, its lines and its code (money in cents). */
export function openedOrderFromWire(order: Schemas['CassaOrderDetail']): OpenedOrder {
  const minutes = toMinutes(order.delivery_time);
  return {
    id: order.id,
    orderNum: order.order_num,
    version: order.version,
    user: order.user,
    nomeCitofono: order.nomeCitofono,
    form: {
      clientId: order.client_id ?? 0,
      name: order.name,
      zoneId: order.zone_id ?? null,
      address: order.address ?? '',
      telephone: order.telephone ?? '',
      delivery: order.delivery,
      paymentType: order.payment_type,
      hour: Math.floor(minutes / 60),
      minute: minutes % 60,
      date: order.delivery_date,
      note: order.note ?? '',
      allergyNote: order.allergy_note ?? '',
    },
    lines: order.cart.map(lineFromWire),
    code: order.discount_code,
  };
}

const text = (value: string) => value.trim() || null;

/**
 * Init, one order, and the save (with the cart's lines and code as the editor last heard them);
 * a stale edit (409 'order.stale': another cash desk saved first), an order no longer editable (409, 404) and
 * refused fields (422) are refusals the widget shows; unreachable, the save is queued; a 5xx has failed.
 * Given the catalogue this browser kept (an offline start), the widget falls back on it.
 */
export function createCassaOrderActors(api: ApiClient, kept?: OfflineCopy['catalog']) {
  return {
    loadCatalog: fromPromise<CassaCatalog>(async () => {
      const load = async () => cassaCatalogFromWire(unwrap(await api.GET('/api/v1/ecommerce/cassa/init')));
      return kept ? load().catch(() => keptCatalog(kept)) : load();
    }),
    loadOrder: fromPromise<LoadOrderOutcome, { id: number }>(async ({ input }) => {
      const result = await api.GET('/api/v1/ecommerce/cassa/orders/{id}', { params: { path: { id: input.id } } });
      const loaded = answer(result, [404], (_status, body) => ({
        ok: false as const,
        message: refusalFrom(body, 'Ordine non trovato.').message,
      }));
      if ('ok' in loaded) return loaded;
      const { order } = loaded;
      if (!canEditOrder({ sourceId: order.source_id })) return { ok: false, message: EXTERNAL_ORDER_MESSAGE };
      if (order.status === ORDER_STATUS.cancelled) return { ok: false, message: CANCELLED_ORDER_MESSAGE };
      return { ok: true, order: openedOrderFromWire(order) };
    }),
    saveOrder: fromPromise<SaveOrderOutcome, SaveOrderInput>(({ input }) => {
      const { form, order, idempotencyKey } = input;
      const { lines, code } = input.cart;
      const isDelivery = form.delivery === 'consegna';
      const body = {
        data: {
          ...(order && { id: order.id, version: order.version, user_id: order.user?.id ?? null }),
          client_id: form.clientId,
          delivery: form.delivery,
          nomeCitofono: isDelivery ? (order?.nomeCitofono ?? null) : null,
          zone_id: isDelivery ? form.zoneId : null,
          indirizzo: isDelivery ? text(form.address) : null,
          nomeCliente: form.name,
          telefono: text(form.telephone),
          fascia: formatTime(form.hour, form.minute),
          delivery_date: form.date,
          payment_type: form.paymentType,
          note: text(form.note),
          allergy_note: text(form.allergyNote),
          codiceSconto: code,
        },
        cart: lines.map(lineToWire),
        discount: code ? { code } : null,
      };
      const header = { 'Idempotency-Key': idempotencyKey };
      // Unreachable, the order waits in 'Da inviare' with its key, and the cashier goes on.
      const queued = {
        key: idempotencyKey,
        label: order
          ? `Modifica ordine #${order.orderNum}: ${form.name}`
          : `Nuovo ordine: ${form.name}, ${formatTime(form.hour, form.minute)}`,
        write: order ? ({ kind: 'update', orderId: order.id, body } as const) : ({ kind: 'store', body } as const),
        summary: order ? orderSummary(`Ordine #${order.orderNum}`, form, lines) : null,
      };
      return writeOrQueue(
        queued,
        () =>
          order
            ? api.PUT('/api/v1/ecommerce/cassa/orders/{id}/update', { params: { header, path: { id: order.id } }, body })
            : api.POST('/api/v1/ecommerce/cassa/orders/store', { params: { header }, body }),
        (result): SaveOrderOutcome => {
          const saved = answer(result, [404, 409, 422], (_status, refusal) => refusedWrite(refusal));
          if ('kind' in saved) return saved;
          const placed = saved.order;
          return {
            kind: 'saved',
            message: `${saved.message} Ordine numero #${placed.order_num} delle ${placed.delivery_time}.`,
            client:
              form.clientId === 0 && placed.client_id
                ? {
                    id: placed.client_id,
                    name: placed.name,
                    address: placed.address,
                    telephone: placed.telephone,
                    zoneId: placed.zone_id ?? null,
                    // The order just placed is the new client's last one.
                    lastOrder: lines.map((l) => ({
                      productId: l.productId,
                      variantId: l.variant?.id ?? null,
                      additionIds: l.additions.map((a) => a.id),
                      qty: l.qty,
                    })),
                  }
                : null,
          };
        },
      );
    }),
  } satisfies ActorsOf<typeof cassaOrderMachine>;
}

/** The order as it is on the server now: the second column of a stale edit's conflict. */
async function currentOrderSummary(api: ApiClient, id: number): Promise<OrderSummary> {
  const order = openedOrderFromWire(unwrap(await api.GET('/api/v1/ecommerce/cassa/orders/{id}', { params: { path: { id } } })).order);
  return orderSummary(`Ordine #${order.orderNum}`, order.form, order.lines);
}

/** What the cassa screen asks of the page: the browser's effects, the router, the cassa's cart logic. */
export interface CassaScreenEdge {
  /** the outbox's IndexedDB store (tests give their own) */
  outboxStore?: () => UseStore;
  effects: CassaEffects;
  cart: typeof cartMachine;
  showOrder(id: number | null, options: { replace: boolean }): void;
  scrollToTop(): void;
  /** an offline start: the catalogue this browser kept, if the server does not answer */
  copy?: OfflineCopy | null;
}

/** The cassa screen with its I/O and effects provided: built once, when the screen opens. */
export function cassaScreenLogic(api: ApiClient, edge: CassaScreenEdge) {
  const { effects } = edge;
  return cassaScreenMachine.provide({
    actors: {
      orders: screenOrders.provide({
        actors: createCassaDayListActors(api),
        actions: {
          chime: () => effects.chime(),
          loadTicket: (_, { id }) => effects.loadTicket(id),
          printTicket: (_, { id }) => effects.printTicket(id),
        },
      }),
      editor: screenEditor.provide({ actors: createCassaOrderActors(api, edge.copy?.catalog) }),
      delay: screenDelay.provide({ actors: createCassaDelayActors(api) }),
      printer: screenPrinter.provide({ actors: createCassaPrinterActors(api) }),
      outbox: cassaOutboxMachine.provide(createCassaOutboxActors(api, (id) => currentOrderSummary(api, id), edge.outboxStore)),
      cart: edge.cart,
    },
    actions: {
      showOrder: (_, { id, replace }) => edge.showOrder(id, { replace }),
      scrollToTop: () => edge.scrollToTop(),
    },
  });
}
