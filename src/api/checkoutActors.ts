import { fromPromise } from 'xstate';
import type { CartContext } from '../../machines/cart.machine';
import type { checkoutMachine } from '../../machines/checkout.machine';
import type { checkoutConfirmationMachine, PlacedOrderLookup } from '../../machines/checkoutConfirmation.machine';
import type { OrderOutcome, PlaceOrderInput, SavedAddress, Timeslot } from '../../machines/checkout.types';
import type { Product } from '../../machines/shop.machine';
import { toCents } from '../domain';
import { lineToWire } from './cartActors';
import { answer, unwrap, type ApiClient } from './client';
import type { ActorsOf } from './machineActors';
import { refusalFrom } from './refusal';
import { productFromWire } from './shopActors';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Addresses, timeslots, suggestions and the order. The order carries the cart as the cart actor
 * holds it (`cart()`) and the total its summary showed; a full slot (409 naming fascia), a closed
 * shop (409), a total changed meanwhile (409: `totalChanged` re-prices the cart) and refused fields
 * (422) are refusals the checkout acts on; network errors and 5xx are failures it can retry.
 */
export function createCheckoutActors(api: ApiClient, cart: () => CartContext, totalChanged: () => void) {
  return {
    loadAddresses: fromPromise<SavedAddress[]>(async () =>
      unwrap(await api.GET('/api/v1/ecommerce/addresses/all')).addresses.map((a) => ({
        id: a.id,
        name: a.name,
        zoneId: a.zone_id ?? null,
        address: a.address,
        telephone: a.telephone,
        delivery: a.delivery,
      })),
    ),
    loadTimeslots: fromPromise<Timeslot[]>(async () =>
      unwrap(await api.GET('/api/v1/ecommerce/webapp/timeslots')).timeslots.map((t) => ({
        time: `${pad(t.hour)}:${pad(t.minute)}`,
        available: t.available,
      })),
    ),
    loadSuggestions: fromPromise<Product[]>(async () =>
      unwrap(await api.GET('/api/v1/ecommerce/webapp/suggested')).products.map(productFromWire),
    ),
    placeOrder: fromPromise<OrderOutcome, PlaceOrderInput>(async ({ input }) => {
      const { form, idempotencyKey } = input;
      const { lines, code, backend, delivery: pricedFor, zoneId: pricedZone } = cart();
      const delivery = form.tipoConsegna ?? 'consegna';
      const zoneId = delivery === 'consegna' ? form.zonaConsegna : null;
      // The summary's total, when the cart was priced for this delivery type and zone (its fee).
      const shownTotal = backend && pricedFor === delivery && pricedZone === zoneId ? backend.finalCents / 100 : null;
      const result = await api.POST('/api/v1/ecommerce/checkout', {
        params: { header: { 'Idempotency-Key': idempotencyKey } },
        body: {
          data: {
            tipoConsegna: delivery,
            delivery,
            addressSelector: form.addressSelector ?? 0,
            address_id: form.addressSelector ?? 0,
            nomeCitofono: delivery === 'consegna' ? form.nomeCitofono : null,
            zonaConsegna: delivery === 'consegna' ? (form.zonaConsegna ?? undefined) : undefined,
            zone_id: delivery === 'consegna' ? (form.zonaConsegna ?? undefined) : undefined,
            indirizzo: delivery === 'consegna' ? form.indirizzo : null,
            nomeCliente: delivery === 'ritiro' ? form.nomeCliente : null,
            telefono: form.telefono,
            fascia: form.fascia,
            note: form.note || null,
            allergy_note: form.allergy_note.trim() || null,
            codiceSconto: code,
          },
          cart: lines.map(lineToWire),
          discount: code ? { code } : null,
          expected_total: shownTotal,
        },
      });
      const placed = answer(result, [409, 422], (_status, body) => {
        const { code: refused, message, errors } = refusalFrom(body);
        if (refused === 'order.total_changed') totalChanged();
        // The first field the server named tells the checkout which step must change.
        return { ok: false as const, message, field: Object.keys(errors)[0] ?? null };
      });
      return 'ok' in placed ? placed : { ok: true, message: placed.message, orderId: placed.order.id, trackingPath: placed.tracking_url };
    }),
  } satisfies ActorsOf<typeof checkoutMachine>;
}

/**
 * The confirmation page's order: the customer's own, by id. Someone else's or a missing one (404)
 * and no login (401) are the answer "nothing to show here", not failures.
 */
export function createCheckoutConfirmationActors(api: ApiClient) {
  return {
    loadPlacedOrder: fromPromise<PlacedOrderLookup, { id: number }>(async ({ input }) => {
      const result = await api.GET('/api/v1/ecommerce/account/orders/{id}', { params: { path: { id: input.id } } });
      const found = answer(result, [401, 404], () => null);
      if (!found) return { found: false };
      const { order } = found;
      return {
        found: true,
        order: {
          orderNum: order.order_num,
          deliveryTime: order.delivery_time,
          delivery: order.delivery,
          address: order.address,
          zoneName: order.zone_name,
          paymentType: order.payment_type,
          totalCents: toCents(order.total_price),
          deliveryFeeCents: toCents(order.delivery_fee),
          allergyNote: order.allergy_note,
        },
      };
    }),
  } satisfies ActorsOf<typeof checkoutConfirmationMachine>;
}
