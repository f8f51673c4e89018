import { CANCELLED_ORDER_MESSAGE, EXTERNAL_ORDER_MESSAGE, ORDER_SOURCE, ORDER_STATUS, type ProgressDirection } from '../../src/domain';
import { conflict, notFound } from '../errors';
import type { OrderTaking } from '../ecommerce/checkout';
import { isUniqueViolation } from '../db/database';
import { assertSameRequest } from '../orders/idempotency';
import { progressOf } from '../orders/order-dto';
import { queueOrderNotice } from '../orders/order-notices';
import type { OrderWrites, ProgressRefusal } from '../orders/order-writer';
import { storedKey, type CassaService, type RequestKey, type StoredOrder } from './cassa.service';

const PROGRESS_END_MESSAGE = "L'ordine non ha un passo successivo (o precedente).";
const NOT_DELAYABLE_MESSAGE = "L'ordine è già uscito o chiuso: non si può posticipare.";
const DELAY_REPLAYED_MESSAGE = 'Ritardo già applicato.';

/** Turns a refused tap or delay into the answer staff see. */
function refuse(refusal: ProgressRefusal | null): void {
  if (refusal === 'missing') throw notFound('Ordine non trovato.');
  if (refusal === 'final') throw conflict(CANCELLED_ORDER_MESSAGE, 'order.cancelled');
  if (refusal === 'external') throw conflict(EXTERNAL_ORDER_MESSAGE, 'order.external');
  if (refusal === 'end') throw conflict(PROGRESS_END_MESSAGE, 'order.progress_end');
  if (refusal === 'not_delayable') throw conflict(NOT_DELAYABLE_MESSAGE, 'order.not_delayable');
}

/**
 * The cassa's two taps per order and its 'Ritardo', through the order writer (its events reach the
 * cassa and the customer's page) and idempotent by key like every cassa write. The customer is told
 * by mail in the same transaction: the order out, a delay (at most one mail per 10 minutes).
 */
export class CassaProgressService {
  constructor(
    private readonly cassa: CassaService,
    private readonly deps: OrderTaking,
  ) {}

  private async shopName(): Promise<string> {
    return (await this.deps.catalog.snapshot()).settings.shop_name!;
  }

  async move(id: number, direction: ProgressDirection, idempotency: RequestKey | null = null): Promise<StoredOrder> {
    const shopName = await this.shopName();
    return this.cassa.once(
      id,
      storedKey(idempotency, 'cassa.progress', id, { direction }),
      async () => null,
      async (orders) => {
        refuse(await orders.progress(id, direction));
        const order = await orders.tx
          .selectFrom('orders')
          .select(['status', 'delivered', 'delivery', 'dispatched_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (direction === 'next' && progressOf(order) === 'on_the_way') {
          await queueOrderNotice(orders.tx, id, 'on_the_way', shopName, this.deps.clock.now());
        }
      },
    );
  }

  async delayOne(id: number, minutes: number, idempotency: RequestKey | null = null): Promise<StoredOrder> {
    const shopName = await this.shopName();
    return this.cassa.once(
      id,
      storedKey(idempotency, 'cassa.delay', id, { minutes }),
      async () => null,
      async (orders) => this.delay(orders, id, minutes, shopName),
    );
  }

  /**
   * 'Ritardo' for the whole evening: every live order of today, not yet out, not an external
   * platform's, in one transaction. A resend of the key delays nothing again.
   */
  async delayAll(minutes: number, idempotency: RequestKey | null = null): Promise<{ delayed: number; message: string }> {
    const { db, clock, schedule } = this.deps;
    const key = storedKey(idempotency, 'cassa.delay_all', null, { minutes });
    const replayed = async () => {
      const earlier =
        key && (await db.selectFrom('cassa_request_keys').select('fingerprint').where('key', '=', key.key).executeTakeFirst());
      if (!earlier) return undefined;
      assertSameRequest(earlier.fingerprint, key.fingerprint);
      return { delayed: 0, message: DELAY_REPLAYED_MESSAGE };
    };
    const earlier = await replayed();
    if (earlier) return earlier;
    const shopName = await this.shopName();
    const write = this.deps.orders.write('cassa.delay_all', async (orders) => {
      const waiting = await orders.tx
        .selectFrom('orders')
        .select('id')
        .where('delivery_date', '=', schedule.today().date)
        .where('status', '!=', ORDER_STATUS.cancelled)
        .where('source_id', '!=', ORDER_SOURCE.external)
        .where('delivered', '=', 0)
        .where('dispatched_at', 'is', null)
        .orderBy('id')
        .execute();
      for (const { id } of waiting) await this.delay(orders, id, minutes, shopName);
      if (key) {
        // No one order answers for the whole evening: the key is kept with order 0.
        await orders.tx
          .insertInto('cassa_request_keys')
          .values({ key: key.key, fingerprint: key.fingerprint, order_id: 0, created_at: clock.now().toISOString() })
          .execute();
      }
      return waiting.length;
    });
    // Two sends with one key raced: the loser rolled back whole, and answers as the resend it is.
    const delayed = await write.catch(async (error: unknown) => {
      const winner = isUniqueViolation(error) ? await replayed() : undefined;
      if (winner) return winner;
      throw error;
    });
    if (typeof delayed !== 'number') return delayed;
    return { delayed, message: delayed === 1 ? '1 ordine posticipato.' : `${delayed} ordini posticipati.` };
  }

  private async delay(orders: OrderWrites, id: number, minutes: number, shopName: string): Promise<void> {
    refuse(await orders.delay(id, minutes));
    await queueOrderNotice(orders.tx, id, 'delayed', shopName, this.deps.clock.now());
  }
}
