import type { FastifyPluginAsync } from 'fastify';
import {
  delayText,
  firstNameOf,
  isClosedProgress,
  ORDER_PROGRESS_LABELS,
  PROGRESS_STEPS,
  promisedWindow,
  toEuros,
  windowText,
  type OrderProgress,
} from '../../src/domain';
import { defineRoute } from '../http/contract';
import { trackedOrderStreams } from '../http/sse';
import type { Schemas } from '../http/wire';
import { lineDescription, progressOf } from '../orders/order-dto';
import type { OrderRecord } from '../orders/order-store';
import type { Services } from '../services';

const step = (progress: OrderProgress, current: OrderProgress) => ({
  progress,
  label: ORDER_PROGRESS_LABELS[progress],
  current: progress === current,
});

/** The order as its customer follows it: the first name only, never the address or the phone. */
export function trackingDto(order: OrderRecord): Schemas['OrderTracking'] {
  const progress = progressOf(order);
  const window = promisedWindow(order.delivery, order.delivery_time, order.delay_minutes);
  return {
    order_num: order.order_num,
    first_name: firstNameOf(order.name),
    delivery: order.delivery,
    lines: order.lines.map((line) => ({ description: lineDescription(line), qty: line.qty, total: toEuros(line.line_total_cents) })),
    total_price: toEuros(order.total_price_cents),
    delivery_fee: toEuros(order.delivery_fee_cents),
    progress,
    steps: progress === 'cancelled' ? [step('cancelled', progress)] : PROGRESS_STEPS[order.delivery].map((p) => step(p, progress)),
    closed: isClosedProgress(progress),
    window,
    window_text: windowText(order.delivery, window),
    delay_minutes: order.delay_minutes,
    delay_text: delayText(order.delay_minutes),
  };
}

/** The tracking link's page data and its live stream: public, opened by the token alone. */
export const trackingRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { tracking } = services;
  const streamOrder = trackedOrderStreams(app, services.events);

  defineRoute(app, 'trackOrder', { access: 'public' }, async (request, reply) => {
    const order = await tracking.order(request.params.token, request.ip);
    // The page is someone's order: never kept by a shared cache.
    reply.header('cache-control', 'no-store');
    return trackingDto(order);
  });

  defineRoute(app, 'streamTrackedOrder', { access: 'public', stream: true }, async (request, reply) => {
    const order = await tracking.order(request.params.token, request.ip);
    await streamOrder(reply, order.id, () => tracking.isClosed(order.id));
  });
};
