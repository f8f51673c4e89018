import {
  DAY_MALFORMED,
  DELIVERY_LABELS,
  DELIVERY_TYPES,
  isReportDay,
  ORDER_SOURCE_KEYS,
  ORDER_SOURCE_LABELS,
  ORDER_STATUS,
  PAYMENT_TYPES,
  previousPeriod,
  validatePeriod,
  type Cents,
  type OrderSource,
} from '../../src/domain';
import type { CassaService } from '../cassa/cassa.service';
import type { Db } from '../db/database';
import { invalid, invalidField } from '../errors';
import type { OrderRecord } from '../orders/order-store';
import { DaySummaries } from './day-summaries';
import { codeUses, PeriodQueries, productSales, type CodeUse, type ItemSales, type PeriodFigures, type Totals } from './period-queries';

export interface Slice {
  key: string;
  label: string;
  orders: number;
  totalCents: Cents;
}

export interface EveningSummary {
  day: string;
  totals: Totals;
  byPayment: Slice[];
  byDelivery: Slice[];
  bySource: Slice[];
  discountCodes: CodeUse[];
  cancelled: { orders: number; valueCents: Cents };
  slots: { time: string; orders: number; ovenLoad: number }[];
  slotCapacity: number;
  topProducts: ItemSales[];
}

export interface PeriodReport {
  current: PeriodFigures;
  previous: PeriodFigures;
}

const TOP_PRODUCTS = 10;

/** The orders split by a key, every key listed (zeros too) in the order given. */
function slices<K extends string>(
  orders: OrderRecord[],
  keys: readonly K[],
  keyOf: (o: OrderRecord) => K,
  label: (key: K) => string,
): Slice[] {
  const byKey = new Map(keys.map((key) => [key, { key, label: label(key), orders: 0, totalCents: 0 }]));
  for (const order of orders) {
    const slice = byKey.get(keyOf(order))!;
    slice.orders += 1;
    slice.totalCents += order.total_price_cents;
  }
  return [...byKey.values()];
}

/** The owner's numbers: the evening's summary and a period's trend. Reads only; knows nothing of HTTP. */
export class ReportsService {
  private readonly queries: PeriodQueries;
  private readonly summaries: DaySummaries;

  constructor(private readonly deps: { db: Db; cassa: CassaService }) {
    this.queries = new PeriodQueries(deps.db);
    this.summaries = new DaySummaries(deps.db);
  }

  /**
   * One shop day (today by default). The takings are the cassa's own day list and header (the same orders:
   * cancelled ones out, the platforms' in), so the two agree to the cent.
   */
  async evening(day?: string): Promise<EveningSummary> {
    if (day !== undefined && !isReportDay(day)) throw invalidField('day', DAY_MALFORMED);
    const cassaDay = await this.deps.cassa.dayOrders(day);
    const { date, orders } = cassaDay;
    const [cancelled, lines, discountCodes] = await Promise.all([
      this.deps.db
        .selectFrom('orders')
        .where('delivery_date', '=', date)
        .where('status', '=', ORDER_STATUS.cancelled)
        .select([(eb) => eb.fn.countAll<number>().as('orders'), (eb) => eb.fn.sum<number | null>('total_price_cents').as('value')])
        .executeTakeFirstOrThrow(),
      this.queries.lines(date, date),
      this.queries.codes(date, date),
    ]);
    const totals: Totals = {
      orders: orders.length,
      revenueCents: cassaDay.totals.totalCents,
      feesCents: orders.reduce((sum, o) => sum + o.delivery_fee_cents, 0),
      discountsCents: orders.reduce((sum, o) => sum + o.original_price_cents - o.total_price_cents, 0),
    };
    return {
      day: date,
      totals,
      byPayment: slices(
        orders,
        PAYMENT_TYPES,
        (o) => o.payment_type,
        (key) => key,
      ),
      byDelivery: slices(
        orders,
        DELIVERY_TYPES,
        (o) => o.delivery,
        (key) => DELIVERY_LABELS[key],
      ),
      bySource: slices(
        orders,
        Object.values(ORDER_SOURCE_KEYS),
        (o) => ORDER_SOURCE_KEYS[o.source_id as OrderSource],
        (key) => ORDER_SOURCE_LABELS[key],
      ),
      discountCodes: codeUses(discountCodes),
      cancelled: { orders: cancelled.orders, valueCents: cancelled.value ?? 0 },
      slots: cassaDay.slots.map((s) => ({ time: s.time, orders: s.orders, ovenLoad: s.quantity })),
      slotCapacity: cassaDay.slotCapacity,
      topProducts: productSales(lines).slice(0, TOP_PRODUCTS),
    };
  }

  /** Shop days `from`–`to` beside the same number of days just before, from the days' kept sums. */
  async period(from: string, to: string): Promise<PeriodReport> {
    this.checkPeriod(from, to);
    const before = previousPeriod(from, to);
    const [current, previous] = await Promise.all([this.summaries.figures(from, to), this.summaries.figures(before.from, before.to)]);
    return { current, previous };
  }

  /** A period the reports and exports can cover, or a 422 naming the field. */
  checkPeriod(from: string, to: string): void {
    const errors = validatePeriod(from, to);
    if (errors.from || errors.to) {
      throw invalid(Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])));
    }
  }
}

/** The average order, rounded to the cent; none without orders. */
export const averageOrder = (totals: Totals): Cents => (totals.orders === 0 ? 0 : Math.round(totals.revenueCents / totals.orders));
