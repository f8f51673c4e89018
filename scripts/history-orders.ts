/**
 * Past orders written straight to the database, many rows per statement: the history `seed:history`
 * seeds for the reports' bench and the reports' tests build their fixtures with. Not the order writer:
 * these orders were priced and taken long ago, and nothing is told about them.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../server/db/database';
import type { OrderLinesTable, OrdersTable } from '../server/db/schema';

export interface HistoryAddition {
  productId: number | null;
  name: string;
  priceCents: number;
}

export interface HistoryLine {
  productId: number | null;
  categoryId: number | null;
  ovenGroup: string | null;
  name: string;
  qty: number;
  basePriceCents: number;
  variantId?: number | null;
  variantName?: string | null;
  variantPriceCents?: number;
  additions?: HistoryAddition[];
}

export type HistoryOrder = Pick<
  Insertable<OrdersTable>,
  | 'order_num'
  | 'delivery_date'
  | 'delivery_time'
  | 'source_id'
  | 'status'
  | 'delivery'
  | 'payment_type'
  | 'name'
  | 'nome_citofono'
  | 'address'
  | 'telephone'
  | 'zone_id'
  | 'client_id'
  | 'user_id'
  | 'note'
  | 'discount_code'
> & {
  deliveryFeeCents?: number;
  discountCents?: number;
  lines: HistoryLine[];
};

/** A line's unit price: the product, its dough's supplement and its additions. */
export const unitPrice = (l: HistoryLine) =>
  l.basePriceCents + (l.variantPriceCents ?? 0) + (l.additions ?? []).reduce((sum, a) => sum + a.priceCents, 0);

/** The goods of an order before any discount. */
export const goodsOf = (o: HistoryOrder) => o.lines.reduce((sum, l) => sum + unitPrice(l) * l.qty, 0);

/** Rows per statement: under SQLite's 32 766 and PostgreSQL's 65 535 bound parameters. */
const ROWS_PER_INSERT = 1000;

function chunks<T>(rows: T[], size = ROWS_PER_INSERT): T[][] {
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
}

/** Inserts the orders with their lines and additions (in the caller's transaction if `db` is one). */
export async function insertHistoryOrders(db: Db, orders: HistoryOrder[]): Promise<void> {
  const orderIds = new Map<string, number>();
  for (const batch of chunks(orders)) {
    const rows = batch.map(({ lines, deliveryFeeCents = 0, discountCents = 0, ...o }) => {
      const original = goodsOf({ ...o, lines }) + deliveryFeeCents;
      const at = `${o.delivery_date}T${o.delivery_time}:00.000Z`;
      return {
        ...o,
        // Every row names the same columns: SQLite has no DEFAULT inside a multi-row VALUES.
        nome_citofono: o.nome_citofono ?? null,
        address: o.address ?? null,
        telephone: o.telephone ?? null,
        zone_id: o.zone_id ?? null,
        client_id: o.client_id ?? null,
        user_id: o.user_id ?? null,
        note: o.note ?? null,
        discount_code: o.discount_code ?? null,
        delivered: o.status === 3 ? 0 : 1,
        original_price_cents: original,
        total_price_cents: original - discountCents,
        delivery_fee_cents: deliveryFeeCents,
        created_at: at,
        updated_at: at,
      };
    });
    const stored = await db.insertInto('orders').values(rows).returning(['id', 'delivery_date', 'order_num']).execute();
    // Matched by their unique (day, number), whatever order the engine returns them in.
    for (const s of stored) orderIds.set(`${s.delivery_date} ${s.order_num}`, s.id);
  }

  const lines = orders.flatMap((o) =>
    o.lines.map((l, position) => ({ orderId: orderIds.get(`${o.delivery_date} ${o.order_num}`)!, position, line: l })),
  );
  const lineIds = new Map<string, number>();
  for (const batch of chunks(lines)) {
    const rows: Insertable<OrderLinesTable>[] = batch.map(({ orderId, position, line: l }) => ({
      order_id: orderId,
      position,
      product_id: l.productId,
      category_id: l.categoryId,
      oven_group: l.ovenGroup,
      name: l.name,
      qty: l.qty,
      base_price_cents: l.basePriceCents,
      variant_id: l.variantId ?? null,
      variant_name: l.variantName ?? null,
      variant_price_cents: l.variantPriceCents ?? 0,
      note: null,
      unit_price_cents: unitPrice(l),
      line_total_cents: unitPrice(l) * l.qty,
    }));
    const stored = await db.insertInto('order_lines').values(rows).returning(['id', 'order_id', 'position']).execute();
    for (const s of stored) lineIds.set(`${s.order_id} ${s.position}`, s.id);
  }

  const additions = lines.flatMap(({ orderId, position, line }) =>
    (line.additions ?? []).map((a) => ({
      order_line_id: lineIds.get(`${orderId} ${position}`)!,
      product_id: a.productId,
      name: a.name,
      price_cents: a.priceCents,
    })),
  );
  for (const batch of chunks(additions)) await db.insertInto('order_line_additions').values(batch).execute();
}
