import type { components } from '../../openapi/schema';
import { ORDER_PROGRESS_LABELS, PROGRESS_STEPS, type OrderProgress } from '../../src/domain';

type WireTracking = components['schemas']['OrderTracking'];

const stepsAt = (current: OrderProgress) =>
  PROGRESS_STEPS.consegna.map((progress) => ({ progress, label: ORDER_PROGRESS_LABELS[progress], current: progress === current }));

/** A delivery the kitchen has (ticket printed), on time. */
export const preparingOrder: WireTracking = {
  order_num: 12,
  first_name: 'Anna',
  delivery: 'consegna',
  lines: [
    { description: 'Margherita', qty: 2, total: 13 },
    { description: 'Diavola (impasto integrale)', qty: 1, total: 8.5 },
  ],
  total_price: 24,
  delivery_fee: 2.5,
  progress: 'preparing',
  steps: stepsAt('preparing'),
  closed: false,
  window: { from: '20:30', until: '20:45' },
  window_text: 'Arrivo previsto: 20:30–20:45',
  delay_minutes: 0,
  delay_text: null,
};

/** The same order out for delivery, 10 minutes late. */
export const lateOrder: WireTracking = {
  ...preparingOrder,
  progress: 'on_the_way',
  steps: stepsAt('on_the_way'),
  window: { from: '20:30', until: '20:55' },
  window_text: 'Arrivo previsto: 20:30–20:55',
  delay_minutes: 10,
  delay_text: 'In ritardo di 10 minuti: ci scusiamo.',
};

/** Delivered: nothing changes any more. */
export const deliveredOrder: WireTracking = { ...lateOrder, progress: 'delivered', steps: stepsAt('delivered'), closed: true };

/** A pickup, ready. */
export const readyPickup: WireTracking = {
  ...preparingOrder,
  delivery: 'ritiro',
  delivery_fee: 0,
  total_price: 21.5,
  progress: 'ready',
  steps: PROGRESS_STEPS.ritiro.map((progress) => ({ progress, label: ORDER_PROGRESS_LABELS[progress], current: progress === 'ready' })),
  window: { from: '20:30', until: '20:30' },
  window_text: 'Pronto per le 20:30',
};

export const TRACKING_TOKEN = 'tok_Anna-12';
export const PICKUP_TOKEN = 'tok_Anna-13';
