import {
  CANCELLED_STATUS_LABEL,
  DELIVERY_LABELS,
  formatDecimalComma,
  formatShopDate,
  ORDER_SOURCE_KEYS,
  ORDER_SOURCE_LABELS,
  ORDER_STATUS_LABELS,
  type OrderSource,
  type OrderStatus,
} from '../../src/domain';
import type { Db } from '../db/database';

/** Rows read per query: a year is streamed page by page, never held in memory. */
export const EXPORT_PAGE_ROWS = 1000;

/** Spreadsheets run a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** A text cell as Italian spreadsheets read it: formulas neutralised with a leading ', quoted when needed. */
export function csvText(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** An amount with a decimal comma and no currency sign, so the spreadsheet reads a number. */
const csvMoney = (cents: number) => formatDecimalComma(cents);

const csvRow = (cells: string[]) => `${cells.join(';')}\r\n`;

/** Excel opens a `;` file as UTF-8 only when it starts with the byte order mark. */
const BOM = '\uFEFF';

const statusLabel = (status: number) => (status === 3 ? CANCELLED_STATUS_LABEL : ORDER_STATUS_LABELS[status as Exclude<OrderStatus, 3>]);
const sourceLabel = (source: number) => ORDER_SOURCE_LABELS[ORDER_SOURCE_KEYS[source as OrderSource]];

export const ORDER_COLUMNS = [
  'Id',
  'Numero',
  'Data',
  'Ora',
  'Origine',
  'Stato',
  'Tipo',
  'Pagamento',
  'Cliente',
  'Telefono',
  'Indirizzo',
  'Zona',
  'Codice sconto',
  'Merce',
  'Sconto',
  'Spese di consegna',
  'Totale',
  'Note',
];

export const LINE_COLUMNS = [
  'Id ordine',
  'Numero',
  'Data',
  'Stato',
  'Prodotto',
  'Categoria',
  'Impasto',
  'Aggiunte',
  'Quantità',
  'Prezzo unitario',
  'Totale riga',
  'Note',
];

/** Pages of rows after a cursor (keyset pagination), each page's last row giving the next cursor. */
async function* pages<R, C>(start: C, fetch: (after: C) => Promise<R[]>, cursorOf: (row: R) => C): AsyncGenerator<R[]> {
  for (let after = start; ;) {
    const page = await fetch(after);
    if (page.length === 0) return;
    yield page;
    after = cursorOf(page.at(-1)!);
  }
}

/** The period's orders and order lines as CSV for the accountant, cancelled ones too (with their status). */
export class ReportExports {
  constructor(
    private readonly db: Db,
    private readonly pageRows = EXPORT_PAGE_ROWS,
  ) {}

  /** One chunk of text per page of orders, in the order they were promised. */
  async *orders(from: string, to: string): AsyncGenerator<string> {
    yield BOM + csvRow(ORDER_COLUMNS);
    const fetch = (after: [string, string, number]) =>
      this.db
        .selectFrom('orders as o')
        .leftJoin('zones as z', 'z.id', 'o.zone_id')
        .selectAll('o')
        .select('z.name as zone_name')
        .where('o.delivery_date', '>=', from)
        .where('o.delivery_date', '<=', to)
        .where((eb) => eb(eb.refTuple('o.delivery_date', 'o.delivery_time', 'o.id'), '>', eb.tuple(...after)))
        .orderBy('o.delivery_date')
        .orderBy('o.delivery_time')
        .orderBy('o.id')
        .limit(this.pageRows)
        .execute();
    for await (const page of pages(['', '', 0], fetch, (o): [string, string, number] => [o.delivery_date, o.delivery_time, o.id])) {
      yield page
        .map((o) =>
          csvRow([
            String(o.id),
            String(o.order_num),
            formatShopDate(o.delivery_date),
            o.delivery_time,
            sourceLabel(o.source_id),
            statusLabel(o.status),
            DELIVERY_LABELS[o.delivery],
            o.payment_type,
            csvText(o.name),
            csvText(o.telephone),
            csvText(o.address),
            csvText(o.delivery === 'consegna' ? o.zone_name : null),
            csvText(o.discount_code),
            csvMoney(o.original_price_cents - o.delivery_fee_cents),
            csvMoney(o.original_price_cents - o.total_price_cents),
            csvMoney(o.delivery_fee_cents),
            csvMoney(o.total_price_cents),
            csvText(o.note),
          ]),
        )
        .join('');
    }
  }

  /** One chunk of text per page of lines, each with its dough and its additions. */
  async *orderLines(from: string, to: string): AsyncGenerator<string> {
    yield BOM + csvRow(LINE_COLUMNS);
    const fetch = (after: [string, string, number, number]) =>
      this.db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .leftJoin('categories as c', 'c.id', 'l.category_id')
        .select(['o.delivery_date', 'o.delivery_time', 'o.order_num', 'o.status', 'c.name as category_name'])
        .select([
          'l.id',
          'l.order_id',
          'l.position',
          'l.name',
          'l.variant_name',
          'l.qty',
          'l.unit_price_cents',
          'l.line_total_cents',
          'l.note',
        ])
        .where('o.delivery_date', '>=', from)
        .where('o.delivery_date', '<=', to)
        .where((eb) => eb(eb.refTuple('o.delivery_date', 'o.delivery_time', 'l.order_id', 'l.position'), '>', eb.tuple(...after)))
        .orderBy('o.delivery_date')
        .orderBy('o.delivery_time')
        .orderBy('l.order_id')
        .orderBy('l.position')
        .limit(this.pageRows)
        .execute();
    const cursor = (l: Awaited<ReturnType<typeof fetch>>[number]): [string, string, number, number] => [
      l.delivery_date,
      l.delivery_time,
      l.order_id,
      l.position,
    ];
    for await (const page of pages(['', '', 0, 0], fetch, cursor)) {
      const additions = await this.db
        .selectFrom('order_line_additions')
        .select(['order_line_id', 'name'])
        .where(
          'order_line_id',
          'in',
          page.map((l) => l.id),
        )
        .orderBy('id')
        .execute();
      const additionsOf = new Map<number, string[]>();
      for (const a of additions) additionsOf.set(a.order_line_id, [...(additionsOf.get(a.order_line_id) ?? []), a.name]);
      yield page
        .map((l) =>
          csvRow([
            String(l.order_id),
            String(l.order_num),
            formatShopDate(l.delivery_date),
            statusLabel(l.status),
            csvText(l.name),
            csvText(l.category_name),
            csvText(l.variant_name),
            csvText(additionsOf.get(l.id)?.join(', ') ?? null),
            String(l.qty),
            csvMoney(l.unit_price_cents),
            csvMoney(l.line_total_cents),
            csvText(l.note),
          ]),
        )
        .join('');
    }
  }
}
