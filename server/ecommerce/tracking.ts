import { addDays, isClosedProgress, TRACKING_VALID_DAYS } from '../../src/domain';
import { waitText } from '../auth/auth.service';
import { RateLimiter, type LimitStore } from '../auth/rate-limiter';
import type { Db } from '../db/database';
import { AppError, notFound } from '../errors';
import { progressOf } from '../orders/order-dto';
import { loadOrderLines, loadOrders, type OrderRecord } from '../orders/order-store';
import { trackingHash } from '../orders/tracking-tokens';
import type { ScheduleService } from './schedule';

export const ORDER_NOT_FOUND = 'Ordine non trovato.';
/** Requests per address and minute: a page, its stream and its 30 s fallback use a handful. */
const TRACK_REQUESTS_PER_MINUTE = 60;

/**
 * The customer's tracking link: the token opens one order, without login, until 7 days after its
 * delivery day. A wrong, expired or malformed token takes the same path as a right one (hash, look
 * up, load) and answers the same 404, so its timing tells nothing.
 */
export class TrackingService {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly deps: { db: Db; schedule: ScheduleService },
    limits: LimitStore,
  ) {
    this.limiter = new RateLimiter(limits, 'track', TRACK_REQUESTS_PER_MINUTE, 60_000);
  }

  /** The token's order, counted against the caller's address; 404 for any token that opens none. */
  async order(token: string, address: string): Promise<OrderRecord> {
    const wait = await this.limiter.take(address);
    if (wait > 0) {
      throw new AppError('too_many', `Troppe richieste: riprova tra ${waitText(wait)}.`, {
        code: 'tracking.throttled',
        retryAfterSeconds: wait,
      });
    }
    const row = await this.deps.db
      .selectFrom('order_tracking')
      .select('order_id')
      .where('token_hash', '=', trackingHash(token))
      .executeTakeFirst();
    const [order] = await loadOrders(this.deps.db, { ids: [row?.order_id ?? 0] });
    // A miss reads the lines of no order, as a hit reads its order's: both take the same round trips.
    if (!order) await loadOrderLines(this.deps.db, [0]);
    if (!order || this.deps.schedule.today().date > addDays(order.delivery_date, TRACKING_VALID_DAYS)) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /** Whether the order is closed ('Consegnato', 'Ritirato', 'Annullato'): its stream ends. */
  async isClosed(orderId: number): Promise<boolean> {
    const order = await this.deps.db
      .selectFrom('orders')
      .select(['status', 'delivered', 'delivery', 'dispatched_at'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    return !order || isClosedProgress(progressOf(order));
  }
}
