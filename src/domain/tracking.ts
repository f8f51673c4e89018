import { ORDER_STATUS, type DeliveryType, type OrderStatus } from './orders';
import { fromMinutes, SLOT_MINUTES, slotOf, toMinutes } from './slots';
import { addDays } from './time';

/** Where an order is, as the customer's page, the cassa and the mails name it. */
export const ORDER_PROGRESS = ['received', 'preparing', 'on_the_way', 'ready', 'delivered', 'collected', 'cancelled'] as const;
export type OrderProgress = (typeof ORDER_PROGRESS)[number];

export const ORDER_PROGRESS_LABELS: Record<OrderProgress, string> = {
  received: 'Ricevuto',
  preparing: 'In preparazione',
  on_the_way: 'In consegna',
  ready: 'Pronto per il ritiro',
  delivered: 'Consegnato',
  collected: 'Ritirato',
  cancelled: 'Annullato',
};

/** The steps an order goes through, by how it reaches the customer. */
export const PROGRESS_STEPS: Record<DeliveryType, readonly OrderProgress[]> = {
  consegna: ['received', 'preparing', 'on_the_way', 'delivered'],
  ritiro: ['received', 'preparing', 'ready', 'collected'],
};

/** The facts the cassa keeps that the progress is read from. */
export interface ProgressFacts {
  status: OrderStatus;
  delivered: 0 | 1;
  delivery: DeliveryType;
  /** when the cassa tapped 'In consegna' / 'Pronto' (null: not yet) */
  dispatchedAt: string | null;
}

/**
 * The one progress rule: cancelled is final; the delivered flag closes the order; the cassa's tap
 * sends it out (or makes it ready); a printed ticket (status 1 or 2) means the kitchen has it.
 */
export function orderProgress(facts: ProgressFacts): OrderProgress {
  const steps = PROGRESS_STEPS[facts.delivery];
  if (facts.status === ORDER_STATUS.cancelled) return 'cancelled';
  if (facts.delivered === 1) return steps[3]!;
  if (facts.dispatchedAt !== null) return steps[2]!;
  return facts.status === ORDER_STATUS.pending ? 'received' : 'preparing';
}

/** A closed order changes no more: its stream ends. */
export const isClosedProgress = (progress: OrderProgress): boolean =>
  progress === 'cancelled' || progress === 'delivered' || progress === 'collected';

/** A tracking link works until this many days after the order's delivery day. */
export const TRACKING_VALID_DAYS = 7;

/**
 * Whether the account offers 'Segui il tuo ordine' for a customer's order: one of today (or later),
 * or one still open whose link would still work.
 */
export function isFollowable(order: { progress: OrderProgress; deliveryDate: string }, today: string): boolean {
  if (order.deliveryDate >= today) return true;
  return !isClosedProgress(order.progress) && addDays(order.deliveryDate, TRACKING_VALID_DAYS) >= today;
}

export type ProgressDirection = 'next' | 'back';

/** What a step sets: the status, the delivered flag, and whether the order is out (or ready). */
export interface ProgressChange {
  status: OrderStatus;
  delivered: 0 | 1;
  dispatched: boolean;
}

/** The facts after a step forward or back, or null when there is none (closed forward, received back, cancelled). */
export function progressStep(facts: ProgressFacts, direction: ProgressDirection): ProgressChange | null {
  const current = orderProgress(facts);
  if (current === 'cancelled') return null;
  const steps = PROGRESS_STEPS[facts.delivery];
  const target = steps[steps.indexOf(current) + (direction === 'next' ? 1 : -1)];
  if (!target) return null;
  const at = steps.indexOf(target);
  return {
    // Forward from 'Ricevuto' the kitchen has the order as if printed; back to it, as new.
    status: at === 0 ? ORDER_STATUS.pending : facts.status === ORDER_STATUS.pending ? ORDER_STATUS.printed : facts.status,
    delivered: at === 3 ? 1 : 0,
    dispatched: at >= 2,
  };
}

/** When the order is promised, as 'hh:mm' times; a pickup's `from` and `until` are its one time. */
export interface PromisedWindow {
  from: string;
  until: string;
}

const DAY_MINUTES = 24 * 60;
const clockTime = (minutes: number) => fromMinutes(minutes % DAY_MINUTES);

/**
 * The slot plus 15 minutes for a delivery, the slot's start for a pickup; a delay moves the end of
 * a delivery's window (it widens: the early end stays honest) and a pickup's time.
 */
export function promisedWindow(delivery: DeliveryType, deliveryTime: string, delayMinutes: number): PromisedWindow {
  const start = toMinutes(slotOf(deliveryTime));
  if (delivery === 'ritiro') return { from: clockTime(start + delayMinutes), until: clockTime(start + delayMinutes) };
  return { from: clockTime(start), until: clockTime(start + SLOT_MINUTES + delayMinutes) };
}

/** 'Arrivo previsto: 20:30–20:45' or 'Pronto per le 20:30'. */
export function windowText(delivery: DeliveryType, window: PromisedWindow): string {
  return delivery === 'ritiro' ? `Pronto per le ${window.from}` : `Arrivo previsto: ${window.from}–${window.until}`;
}

/** 'In ritardo di 10 minuti: ci scusiamo.', or null on time. */
export const delayText = (delayMinutes: number): string | null =>
  delayMinutes > 0 ? `In ritardo di ${delayMinutes} minuti: ci scusiamo.` : null;

/** 'Mario Rossi' → 'Mario': the tracking page never shows more of a name. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';
