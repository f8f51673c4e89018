import type { Db } from '../db/database';
import { insertMail } from '../mail/queue';
import { orderNoticeMail, type OrderNotice } from '../mail/tracking-templates';

/** A customer hears of delays at most this often per order; the page shows every one. */
export const DELAY_MAIL_EVERY_MS = 10 * 60 * 1000;

/**
 * Queues the notice's mail to the order's online customer, in the change's transaction (the durable
 * queue sends it once committed). Orders without an account (phone, walk-in) get none; a delay mail
 * goes only if the last one is 10 minutes old.
 */
export async function queueOrderNotice(tx: Db, orderId: number, notice: OrderNotice, shopName: string, now: Date): Promise<void> {
  const order = await tx
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.order_num', 'orders.delivery', 'orders.delivery_time', 'orders.delay_minutes', 'orders.delay_mailed_at'])
    .select(['users.email', 'users.name'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return;
  if (notice === 'delayed') {
    if (order.delay_mailed_at && now.getTime() - Date.parse(order.delay_mailed_at) < DELAY_MAIL_EVERY_MS) return;
    await tx.updateTable('orders').set({ delay_mailed_at: now.toISOString() }).where('id', '=', orderId).execute();
  }
  const mail = orderNoticeMail(shopName, order.email, order.name, notice, {
    orderNum: order.order_num,
    delivery: order.delivery,
    deliveryTime: order.delivery_time,
    delayMinutes: order.delay_minutes,
  });
  await insertMail(tx, mail, now.toISOString());
}
