import type { Clock } from '../clock';
import type { Db } from '../db/database';
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

  place: OrderWriter['place'] = (draft, options) => this.write((orders) => orders.insert(draft, options));

  async write<T>(change: (orders: OrderWrites) => Promise<T>): Promise<T> {
    let recorded = 0;
    const result = await this.db.transaction().execute(async (tx) => {
      const { orders, events } = stagedWrites(tx, this.clock);
      const result = await change(orders);
      if (events.length) await tx.insertInto('order_events').values(eventRows(events, this.clock)).execute();
      recorded = events.length;
      return result;
    });
    if (recorded) this.events.committed();
    return result;
  }
}
