import { fromCallback, fromPromise } from 'xstate';
import {
  orderTrackingMachine,
  type OrderTrackingEvent,
  type TrackedOrder,
  type TrackingLookup,
} from '../../machines/orderTracking.machine';
import { toCents } from '../domain';
import type { components } from '../../openapi/schema';
import { answer, type ApiClient } from './client';
import type { ActorsOf } from './machineActors';

type WireTracking = components['schemas']['OrderTracking'];

export const trackedOrderFromWire = (wire: WireTracking): TrackedOrder => ({
  orderNum: wire.order_num,
  firstName: wire.first_name,
  delivery: wire.delivery,
  lines: wire.lines.map((line) => ({ description: line.description, qty: line.qty, totalCents: toCents(line.total) })),
  totalCents: toCents(wire.total_price),
  deliveryFeeCents: toCents(wire.delivery_fee),
  progress: wire.progress,
  steps: wire.steps,
  closed: wire.closed,
  windowText: wire.window_text,
  delayText: wire.delay_text ?? null,
});

/** The order's stream: the token is the only key, so no cookie goes with it. */
export const trackingEventsUrl = (token: string) => `/api/v1/ecommerce/orders/track/${encodeURIComponent(token)}/events`;

/**
 * Follows the order's stream with the browser's EventSource, which reconnects by itself after a
 * drop and sends Last-Event-ID, so the server replays what was missed. Without EventSource (jsdom)
 * the actor fails and the page reads the order every 30 s.
 */
export const followOrder = fromCallback<OrderTrackingEvent, { token: string }>(({ sendBack, input }) => {
  const source = new EventSource(trackingEventsUrl(input.token));
  source.onopen = () => sendBack({ type: 'stream.opened' });
  source.onmessage = () => sendBack({ type: 'stream.changed' });
  source.onerror = () => sendBack({ type: 'stream.lost' });
  return () => source.close();
});

/** GET the tracked order (a 404, or a token too long to be one, is "no such order"); follow its stream. */
export function orderTrackingLogic(api: ApiClient) {
  return orderTrackingMachine.provide({
    actors: {
      loadOrder: fromPromise<TrackingLookup, { token: string }>(async ({ input }) => {
        const result = await api.GET('/api/v1/ecommerce/orders/track/{token}', { params: { path: { token: input.token } } });
        const found = answer(result, [404, 422], () => null);
        return found ? { found: true, order: trackedOrderFromWire(found) } : { found: false };
      }),
      followOrder,
    } satisfies ActorsOf<typeof orderTrackingMachine>,
  });
}
