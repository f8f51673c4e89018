import type { Db } from '../db/database';
import { notFound } from '../errors';
import { loadOrders, type OrderRecord } from '../orders/order-store';

/** A customer's own saved addresses and order history; never anyone else's. */
export class AccountService {
  constructor(private readonly db: Db) {}

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
}
