import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { afterCommit, transaction } from '../db/transaction';
import type { OrderEvents } from './order-events';
import { eventRows, stagedWrites } from './order-rules';
import type { OrderWriter, OrderWrites } from './order-writer';

/**
 * Orders on SQLite: one process, one writer at a time, so event ids are in commit order by
 * themselves. The events are rows of the change's transaction; once it commits, this process's
 * streams are told (`OrderEvents.committed()`), and nobody else needs to be.
 */
export class SqliteOrderWriter implements OrderWriter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: OrderEvents,
  ) {}

  place: OrderWriter['place'] = (draft, options) => this.write('orders.place', (orders) => orders.insert(draft, options));

  write<T>(operation: string, change: (orders: OrderWrites) => Promise<T>): Promise<T> {
    return transaction(this.db, operation, async (tx) => {
      const { orders, events } = stagedWrites(tx, this.clock);
      const result = await change(orders);
      if (events.length) {
        await tx.insertInto('order_events').values(eventRows(events, this.clock)).execute();
        afterCommit(tx, () => this.events.committed());
      }
      return result;
    });
  }
}
