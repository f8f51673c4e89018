/**
 * The cassa's progress taps and delays, as rules of the order writer's transaction (like
 * order-rules.ts): each locks the order's row, checks what may change, writes it and returns the
 * event to record, or why it refused.
 */
import { canEditOrder, orderProgress, progressStep, type OrderStatus, type ProgressDirection } from '../../src/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { lockOrderRow, type OrderEventKind } from './order-store';
import type { ProgressRefusal } from './order-writer';

/** The event a change records (order-rules' OrderEventDraft). */
type ChangeEvent = { orderId: number; kind: OrderEventKind; deliveryDate: string };

/** Locks the order's row and reads the facts its progress comes from. */
async function lockProgress(tx: Db, id: number) {
  const row = await lockOrderRow(tx, id, [
    'status',
    'delivered',
    'delivery',
    'dispatched_at',
    'source_id',
    'delivery_date',
    'delay_minutes',
  ]);
  if (!row) return null;
  const facts = {
    status: row.status as OrderStatus,
    delivered: row.delivered === 1 ? (1 as const) : (0 as const),
    delivery: row.delivery,
    dispatchedAt: row.dispatched_at,
  };
  return { ...row, facts, progress: orderProgress(facts) };
}

/** One step forward or back; back never leaves 'Annullato' (cancelled takes no step at all). */
export async function moveOrderProgress(
  tx: Db,
  clock: Clock,
  id: number,
  direction: ProgressDirection,
): Promise<ProgressRefusal | ChangeEvent> {
  const current = await lockProgress(tx, id);
  if (!current) return 'missing';
  if (!canEditOrder({ sourceId: current.source_id })) return 'external';
  if (current.progress === 'cancelled') return 'final';
  const next = progressStep(current.facts, direction);
  if (!next) return 'end';
  const now = clock.now().toISOString();
  await tx
    .updateTable('orders')
    .set({
      status: next.status,
      delivered: next.delivered,
      dispatched_at: next.dispatched ? (current.dispatched_at ?? now) : null,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  return { orderId: id, kind: 'progress', deliveryDate: current.delivery_date };
}

/** The most minutes an order can be delayed in all; past it the shop calls the customer. */
const MAX_DELAY_MINUTES = 120;

/**
 * Moves a live order's promised time, before it is out: the slot load stays in its original slot
 * (the oven's plan did not change, only the promise).
 */
export async function delayOrder(tx: Db, clock: Clock, id: number, minutes: number): Promise<ProgressRefusal | ChangeEvent> {
  const current = await lockProgress(tx, id);
  if (!current) return 'missing';
  if (!canEditOrder({ sourceId: current.source_id })) return 'external';
  if (current.progress === 'cancelled') return 'final';
  if (current.progress !== 'received' && current.progress !== 'preparing') return 'not_delayable';
  await tx
    .updateTable('orders')
    .set({ delay_minutes: Math.min(current.delay_minutes + minutes, MAX_DELAY_MINUTES), updated_at: clock.now().toISOString() })
    .where('id', '=', id)
    .execute();
  return { orderId: id, kind: 'delayed', deliveryDate: current.delivery_date };
}
