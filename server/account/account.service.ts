import { isFollowable } from '../../src/domain';
import type { Db } from '../db/database';
import type { ScheduleService } from '../ecommerce/schedule';
import { conflict, notFound } from '../errors';
import { progressOf } from '../orders/order-dto';
import { loadOrders, type OrderRecord } from '../orders/order-store';
import { newTrackingToken, trackingPath } from '../orders/tracking-tokens';

/** A customer's own saved addresses and order history; never anyone else's. */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly schedule: ScheduleService,
  ) {}

  addresses(userId: number) {
    return this.db
      .selectFrom('addresses')
      .leftJoin('zones', 'zones.id', 'addresses.zone_id')
      .selectAll('addresses')
      .select('zones.name as zone_name')
      .where('addresses.user_id', '=', userId)
      .orderBy('addresses.id', 'desc')
      .execute();
  }

  async deleteAddress(userId: number, id: number): Promise<void> {
    const result = await this.db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    // Someone else's address answers exactly like a missing one.
    if (Number(result.numDeletedRows) === 0) throw notFound('Indirizzo non trovato.');
  }

  orders(userId: number): Promise<OrderRecord[]> {
    return loadOrders(this.db, { userId, excludeCancelled: true, newestFirst: true });
  }

  /** One of the customer's own orders (the confirmation page); someone else's is as missing as a missing one. */
  async order(userId: number, id: number): Promise<OrderRecord> {
    const [order] = await loadOrders(this.db, { userId, ids: [id], excludeCancelled: true });
    if (!order) throw notFound('Ordine non trovato.');
    return order;
  }

  /**
   * 'Segui il tuo ordine': a new link for one of the customer's own orders (only the hash is kept,
   * so the e-mailed token cannot be handed out again; that one keeps working too).
   */
  async trackingPath(userId: number, id: number): Promise<string> {
    const order = await this.order(userId, id);
    const today = this.schedule.today().date;
    if (!isFollowable({ progress: progressOf(order), deliveryDate: order.delivery_date }, today)) {
      throw conflict('Questo ordine è concluso: non si può più seguire.', 'order.not_followable');
    }
    const { token, hash } = newTrackingToken();
    await this.db.insertInto('order_tracking').values({ token_hash: hash, order_id: order.id }).execute();
    return trackingPath(token);
  }
}
