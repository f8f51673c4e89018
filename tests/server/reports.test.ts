import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/domain';
import { goodsOf, insertHistoryOrders, unitPrice, type HistoryLine, type HistoryOrder } from '../../scripts/history-orders';
import { ReportExports } from '../../server/reports/exports';
import { counterOrder, loggedInClient, productId, startTestServer, TODAY, type TestServer } from './harness';
import { readTicket } from './ticket-text';
import type { ApiClient } from './harness';

const API = '/api/v1/admin/reports';

let server: TestServer;
let owner: ApiClient;
const fixture: HistoryOrder[] = [];

interface Catalogue {
  pizza: HistoryLine;
  calzone: HistoryLine;
  drink: HistoryLine;
  dough: { id: number; name: string; price: number };
  addition: { productId: number; name: string; priceCents: number };
  zones: number[];
  clients: number[];
  users: number[];
}
let cat: Catalogue;

async function line(name: string): Promise<HistoryLine> {
  const p = await server.handle.db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select(['products.id', 'products.name', 'products.price_cents', 'products.category_id', 'categories.oven_group'])
    .where('products.id', '=', await productId(server, name))
    .executeTakeFirstOrThrow();
  return { productId: p.id, categoryId: p.category_id, ovenGroup: p.oven_group, name: p.name, qty: 1, basePriceCents: p.price_cents };
}

/** A small deterministic pseudo-random sequence: the same fixture on every run and engine. */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state >>> 16) % n;
  };
}

/** Orders over two October weeks (the second ends on the 25-hour Sunday) and around the 23-hour one in March. */
function buildFixture(): HistoryOrder[] {
  const pick = sequence(7);
  const days = [
    '2026-03-28',
    '2026-03-29',
    '2026-03-30',
    ...Array.from({ length: 18 }, (_, i) => `2026-10-${String(10 + i).padStart(2, '0')}`),
  ];
  const customers: Pick<HistoryOrder, 'user_id' | 'client_id'>[] = [
    { user_id: null, client_id: null },
    ...cat.clients.map((id) => ({ user_id: null, client_id: id })),
    ...cat.users.map((id) => ({ user_id: id, client_id: null })),
  ];
  const orders: HistoryOrder[] = [];
  for (const day of days) {
    for (let n = 1; n <= 4; n++) {
      const source = ([1, 1, 2, 3] as const)[pick(4)]!;
      const delivery = pick(3) === 0 ? 'ritiro' : 'consegna';
      const lines: HistoryLine[] = [{ ...cat.pizza, qty: 1 + pick(3) }];
      if (pick(2))
        lines.push({
          ...cat.pizza,
          qty: 1,
          variantId: cat.dough.id,
          variantName: cat.dough.name,
          variantPriceCents: cat.dough.price,
          additions: [cat.addition],
        });
      if (pick(2)) lines.push({ ...cat.calzone, qty: 1 });
      if (pick(2)) lines.push({ ...cat.drink, qty: 2 });
      // A platform's item the menu does not know.
      if (source === 3)
        lines.push({ productId: null, categoryId: null, ovenGroup: null, name: 'Poke bowl salmone', qty: 1, basePriceCents: 1200 });
      const coded = source !== 3 && pick(3) === 0;
      orders.push({
        order_num: n,
        delivery_date: day,
        // The small hours too: 02:30 happens twice on 25 October and never on 29 March, a wall time either way.
        delivery_time: (['02:30', '12:15', '19:00', '19:45', '20:30', '21:15'] as const)[pick(6)]!,
        source_id: source,
        status: pick(6) === 0 ? 3 : pick(3),
        delivery,
        payment_type: pick(2) ? 'Contanti' : 'Carta di credito',
        name: `Cliente ${day} ${n}`,
        zone_id: delivery === 'consegna' ? cat.zones[pick(cat.zones.length)]! : null,
        ...(source === 3 ? customers[0]! : customers[pick(customers.length)]!),
        discount_code: coded ? (pick(2) ? 'PRIMAVERA10' : 'RITIRO-IN-PIZZERIA') : null,
        deliveryFeeCents: delivery === 'consegna' ? 150 + 100 * pick(2) : 0,
        discountCents: coded ? 100 + 50 * pick(4) : 0,
        lines,
      });
    }
  }
  return orders;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, { role: 'admin', name: 'Titolare Report' })).client;
  const db = server.handle.db;
  const dough = await db.selectFrom('variants').selectAll().where('name', '=', 'Doppio impasto').executeTakeFirstOrThrow();
  const addition = await line('Mozzarella di bufala');
  const clients = await db.selectFrom('clients').select('id').orderBy('id').limit(3).execute();
  const users = await Promise.all(
    ['Report Uno', 'Report Due'].map(
      async (name) =>
        (
          await server.services.auth.createUser({
            name,
            email: `${name.replace(' ', '.').toLowerCase()}@example.it`,
            password: 'Password-sicura-1',
            role: 'customer',
            verified: true,
          })
        ).id,
    ),
  );
  cat = {
    pizza: await line('Margherita'),
    calzone: await line('Calzone classico'),
    drink: await line('Coca-Cola lattina 33 cl'),
    dough: { id: dough.id, name: dough.name, price: dough.price_modifier_cents },
    addition: { productId: addition.productId!, name: addition.name, priceCents: 200 },
    zones: (await db.selectFrom('zones').select('id').where('active', '=', 1).orderBy('id').limit(3).execute()).map((z) => z.id),
    clients: clients.map((c) => c.id),
    users,
  };
  fixture.push(...buildFixture());
  await db.transaction().execute((tx) => insertHistoryOrders(tx, fixture));
});
afterAll(() => server?.close());

// ── independent sums over the fixture's rows ─────────────────────────────────
const cents = (euros: number) => Math.round(euros * 100);
const totalOf = (o: HistoryOrder) => goodsOf(o) + (o.deliveryFeeCents ?? 0) - (o.discountCents ?? 0);
const counted = (from: string, to: string) => fixture.filter((o) => o.delivery_date >= from && o.delivery_date <= to && o.status !== 3);
const sum = <T>(rows: T[], f: (row: T) => number) => rows.reduce((s, r) => s + f(r), 0);

function bySum<T>(rows: T[], key: (row: T) => string | null, value: (row: T) => [number, number]) {
  const out = new Map<string, [number, number]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const [q, r] = value(row);
    const [q0, r0] = out.get(k) ?? [0, 0];
    out.set(k, [q0 + q, r0 + r]);
  }
  return out;
}
const asMap = (items: { name: string; quantity: number; revenue: number }[]) =>
  new Map(items.map((i) => [i.name, [i.quantity, cents(i.revenue)] as [number, number]]));

function expectFigures(figures: any, from: string, to: string) {
  const orders = counted(from, to);
  const lines = orders.flatMap((o) => o.lines);
  expect(figures.from).toBe(from);
  expect(figures.to).toBe(to);
  expect(figures.totals.orders).toBe(orders.length);
  expect(cents(figures.totals.revenue)).toBe(sum(orders, totalOf));
  expect(cents(figures.totals.delivery_fees)).toBe(sum(orders, (o) => o.deliveryFeeCents ?? 0));
  expect(cents(figures.totals.discounts)).toBe(sum(orders, (o) => o.discountCents ?? 0));
  for (const day of figures.days) {
    const ofDay = orders.filter((o) => o.delivery_date === day.day);
    expect([day.orders, cents(day.revenue)]).toEqual([ofDay.length, sum(ofDay, totalOf)]);
  }
  expect(asMap(figures.products)).toEqual(
    bySum(
      lines,
      (l) => l.name,
      (l) => [l.qty, unitPrice(l) * l.qty],
    ),
  );
  expect(asMap(figures.doughs)).toEqual(
    bySum(
      lines,
      (l) => l.variantName ?? null,
      (l) => [l.qty, (l.variantPriceCents ?? 0) * l.qty],
    ),
  );
  expect(asMap(figures.additions)).toEqual(
    bySum(
      lines.flatMap((l) => (l.additions ?? []).map((a) => ({ a, qty: l.qty }))),
      ({ a }) => a.name,
      ({ a, qty }) => [qty, a.priceCents * qty],
    ),
  );
  const categories = bySum(
    lines,
    (l) => String(l.categoryId),
    (l) => [l.qty, unitPrice(l) * l.qty],
  );
  expect(new Map(figures.categories.map((c: any) => [String(c.id), [c.quantity, cents(c.revenue)]]))).toEqual(categories);
  const zones = bySum(
    orders,
    (o) => (o.delivery === 'ritiro' ? 'ritiro' : String(o.zone_id)),
    (o) => [1, totalOf(o)],
  );
  expect(new Map(figures.zones.map((z: any) => [z.id === null ? 'ritiro' : String(z.id), [z.quantity, cents(z.revenue)]]))).toEqual(zones);
  expect(figures.zones.find((z: any) => z.id === null)?.name).toBe(zones.has('ritiro') ? 'Ritiro in pizzeria' : undefined);
  const codes = bySum(
    orders,
    (o) => o.discount_code ?? null,
    (o) => [1, o.discountCents ?? 0],
  );
  expect(new Map(figures.discount_codes.map((c: any) => [c.code, [c.orders, cents(c.amount)]]))).toEqual(codes);
  // Weekday 1 Monday … 7 Sunday, hour of the promised time.
  const cells = bySum(
    orders,
    (o) => `${((new Date(`${o.delivery_date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1} ${Number(o.delivery_time.slice(0, 2))}`,
    (o) => [1, totalOf(o)],
  );
  expect(new Map(figures.weekday_hours.map((c: any) => [`${c.weekday} ${c.hour}`, [c.orders, cents(c.revenue)]]))).toEqual(cells);
  // New: the customer's first order ever (cancelled ones aside) falls in the period.
  const keyOf = (o: HistoryOrder) => (o.user_id ? `u${o.user_id}` : o.client_id ? `c${o.client_id}` : null);
  const first = new Map<string, string>();
  for (const o of fixture.filter((x) => x.status !== 3).sort((a, b) => a.delivery_date.localeCompare(b.delivery_date))) {
    if (keyOf(o) && !first.has(keyOf(o)!)) first.set(keyOf(o)!, o.delivery_date);
  }
  const seen = new Set(orders.map(keyOf).filter((k) => k !== null));
  const fresh = [...seen].filter((k) => first.get(k)! >= from).length;
  expect(figures.customers).toEqual({
    new: fresh,
    returning: seen.size - fresh,
    unknown_orders: orders.filter((o) => keyOf(o) === null).length,
  });
}

describe("'Andamento': a period beside the previous one", () => {
  it('gives each figure of the week ending on the 25-hour Sunday and of the week before', async () => {
    const response = await owner.get(`${API}/period?from=2026-10-19&to=2026-10-25`);
    expect(response.status).toBe(200);
    const { current, previous } = response.body;
    expect(current.days.map((d: any) => d.day)).toEqual([
      '2026-10-19',
      '2026-10-20',
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
    ]);
    expectFigures(current, '2026-10-19', '2026-10-25');
    expectFigures(previous, '2026-10-12', '2026-10-18');
    // The fixture must hold what the figures are about, or the sums above prove little.
    expect(counted('2026-10-25', '2026-10-25').length).toBeGreaterThan(0);
    expect(current.customers.new + current.customers.returning).toBeGreaterThan(1);
    expect(current.doughs.length + current.additions.length).toBeGreaterThan(0);
  });

  it('keeps the 23-hour Sunday one day, with the day before as the previous period', async () => {
    const { current, previous } = (await owner.get(`${API}/period?from=2026-03-29&to=2026-03-29`)).body;
    expect(current.days).toHaveLength(1);
    expectFigures(current, '2026-03-29', '2026-03-29');
    expectFigures(previous, '2026-03-28', '2026-03-28');
  });

  it('agrees with a plain SUM over the orders, cancelled ones left out', async () => {
    const { current } = (await owner.get(`${API}/period?from=2026-10-01&to=2026-10-31`)).body;
    const plain = await server.handle.db
      .selectFrom('orders')
      .select((eb) => [eb.fn.sum<number>('total_price_cents').as('total'), eb.fn.countAll<number>().as('n')])
      .where('delivery_date', '>=', '2026-10-01')
      .where('delivery_date', '<=', '2026-10-31')
      .where('status', '!=', 3)
      .executeTakeFirstOrThrow();
    expect([current.totals.orders, cents(current.totals.revenue)]).toEqual([Number(plain.n), Number(plain.total)]);
    expect(current.days).toHaveLength(31);
  });

  it('answers a period without orders with zeros and empty lists', async () => {
    const { current } = (await owner.get(`${API}/period?from=2025-06-01&to=2025-06-30`)).body;
    expect(current.totals).toEqual({ orders: 0, revenue: 0, average_order: 0, delivery_fees: 0, discounts: 0 });
    expect(current.days.every((d: any) => d.orders === 0)).toBe(true);
    expect([current.products, current.zones, current.weekday_hours, current.discount_codes]).toEqual([[], [], [], []]);
  });
});

describe('bad periods and days: a 422 in Italian naming the field', () => {
  it.each([
    ['period?from=2023-01-01&to=2026-01-02', 'to', 'Il periodo può essere al massimo di 3 anni.'],
    ['period?from=2026-11-30&to=2026-11-01', 'from', 'La data di inizio deve precedere quella di fine.'],
    ['orders.csv?from=2026-11-30&to=2026-11-01', 'from', 'La data di inizio deve precedere quella di fine.'],
    ['order-lines.csv?from=2020-01-01&to=2026-01-01', 'to', 'Il periodo può essere al massimo di 3 anni.'],
  ])('%s → %s', async (query, field, message) => {
    const response = await owner.get(`${API}/${query}`);
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
  });

  it.each([
    ['period?from=1/11/2026&to=2026-11-30', 'from'],
    ['period?from=2026-02-30&to=2026-03-01', 'from'],
    ['orders.csv?from=2026-11-01&to=domani', 'to'],
    ['evening?day=2026-02-30', 'day'],
    ['evening/pdf?day=2026-13-01', 'day'],
  ])('refuses a date that is not a real yyyy-mm-dd: %s → %s', async (query, field) => {
    const response = await owner.get(`${API}/${query}`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ [field]: [`Il campo ${field} ha un formato non valido.`] });
  });
});

describe("'Riepilogo della serata'", () => {
  // Tonight: two orders taken at the cassa, and straight in the database a platform's, an online one with a
  // code and a fee, and a cancelled one.
  beforeAll(async () => {
    const margherita = await productId(server, 'Margherita');
    for (const body of [counterOrder(margherita), { ...counterOrder(margherita), cart: [{ id: margherita, qty: 3 }] }]) {
      expect((await owner.post('/api/v1/ecommerce/cassa/orders/store', body)).status).toBe(201);
    }
    const tonight = (n: number, o: Partial<HistoryOrder>): HistoryOrder => ({
      order_num: 100 + n,
      delivery_date: TODAY,
      delivery_time: '21:00',
      source_id: 1,
      status: 0,
      delivery: 'consegna',
      payment_type: 'Carta di credito',
      name: `Serata ${n}`,
      zone_id: cat.zones[0]!,
      deliveryFeeCents: 250,
      lines: [
        { ...cat.pizza, qty: 2 },
        { ...cat.drink, qty: 1 },
      ],
      ...o,
    });
    await insertHistoryOrders(server.handle.db, [
      tonight(1, { source_id: 3, delivery_time: '20:15', lines: [{ ...cat.calzone, qty: 4 }] }),
      tonight(2, { discount_code: 'PRIMAVERA10', discountCents: 180, user_id: cat.users[0]! }),
      tonight(3, { status: 3, payment_type: 'Contanti', lines: [{ ...cat.pizza, qty: 5 }] }),
    ]);
  });

  it("reads tonight's takings as the cassa's header does, to the cent, and each figure as the orders sum up", async () => {
    const response = await owner.get(`${API}/evening`);
    expect(response.status).toBe(200);
    const summary = response.body;
    const header = (await owner.get(`/api/v1/ecommerce/cassa/orders?date=${TODAY}`)).body.totals;
    expect(summary.day).toBe(TODAY);
    expect(summary.totals.revenue).toBe(header.total);
    expect(summary.by_payment.map((s: any) => [s.label, s.total])).toEqual([
      ['Contanti', header.contanti],
      ['Carta di credito', header.carta_di_credito],
    ]);

    const rows = await server.handle.db.selectFrom('orders').selectAll().where('delivery_date', '=', TODAY).execute();
    const live = rows.filter((o) => o.status !== 3);
    const cancelled = rows.filter((o) => o.status === 3);
    expect(live).toHaveLength(4);
    const revenue = sum(live, (o) => o.total_price_cents);
    expect(summary.totals).toEqual({
      orders: 4,
      revenue: revenue / 100,
      average_order: Math.round(revenue / 4) / 100,
      delivery_fees: sum(live, (o) => o.delivery_fee_cents) / 100,
      discounts: 1.8,
    });
    expect(summary.cancelled).toEqual({ orders: 1, value: cancelled[0]!.total_price_cents / 100 });
    const slice = (rowsOf: typeof live) => [rowsOf.length, sum(rowsOf, (o) => o.total_price_cents) / 100];
    expect(summary.by_source.map((s: any) => [s.label, s.orders, s.total])).toEqual([
      ['Online', ...slice(live.filter((o) => o.source_id === 1))],
      ['Cassa', ...slice(live.filter((o) => o.source_id === 2))],
      ['Piattaforme', ...slice(live.filter((o) => o.source_id === 3))],
    ]);
    expect(summary.by_delivery.map((s: any) => [s.label, s.orders, s.total])).toEqual([
      ['Consegna a domicilio', ...slice(live.filter((o) => o.delivery === 'consegna'))],
      ['Ritiro in pizzeria', ...slice(live.filter((o) => o.delivery === 'ritiro'))],
    ]);
    expect(summary.discount_codes).toEqual([{ code: 'PRIMAVERA10', orders: 1, amount: 1.8 }]);
    // 21:00: 1 + 3 Margherita from the cassa, 2 online (the drink is not baked); 20:15: the platform's 4 calzoni.
    const slot = (time: string) => summary.slots.find((s: any) => s.time === time);
    expect(slot('21:00')).toEqual({ time: '21:00', orders: 3, oven_load: 6 });
    expect(slot('20:15')).toEqual({ time: '20:15', orders: 1, oven_load: 4 });
    expect(slot('18:00')).toEqual({ time: '18:00', orders: 0, oven_load: 0 });
    expect(summary.slot_capacity).toBe(10);
    expect(summary.top_products.map((p: any) => [p.name, p.quantity])).toEqual([
      ['Margherita', 6],
      ['Calzone classico', 4],
      ['Coca-Cola lattina 33 cl', 1],
    ]);
  });

  it("prints 'Riepilogo gestionale (non fiscale)' with the evening's total", async () => {
    const response = await fetch(`${server.baseUrl}${API}/evening/pdf?day=${TODAY}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pages = await readTicket(Buffer.from(await response.arrayBuffer()));
    const text = pages.map((p) => p.text).join(' ');
    expect(text).toContain('Riepilogo gestionale (non fiscale)');
    expect(text).toContain('18/11/2026');
    const summary = (await owner.get(`${API}/evening?day=${TODAY}`)).body;
    expect(text).toContain(`Totale ${formatEuro(cents(summary.totals.revenue))}`);
    expect(text).toContain(`Contanti (${summary.by_payment[0].orders}) ${formatEuro(cents(summary.by_payment[0].total))}`);
    // A4 portrait.
    expect(pages[0]!.view.map(Math.round)).toEqual([0, 0, 595, 842]);
  });

  it('answers a day without orders with zeros and empty lists, every service slot listed', async () => {
    const summary = (await owner.get(`${API}/evening?day=2026-12-02`)).body;
    expect(summary.totals).toEqual({ orders: 0, revenue: 0, average_order: 0, delivery_fees: 0, discounts: 0 });
    expect(summary.cancelled).toEqual({ orders: 0, value: 0 });
    expect([summary.discount_codes, summary.top_products]).toEqual([[], []]);
    expect(summary.by_payment.map((s: any) => s.orders)).toEqual([0, 0]);
    expect(summary.slots.length).toBeGreaterThan(0);
    expect(summary.slots.every((s: any) => s.orders === 0 && s.oven_load === 0)).toBe(true);
  });
});

/** The cells of a `;` CSV as a spreadsheet reads them: quoted cells may hold `;`, quotes and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe("'Esporta CSV'", () => {
  const FROM = '2026-09-01';
  const TO = '2026-09-30';
  const tricky: HistoryOrder[] = [];

  beforeAll(async () => {
    const order = (n: number, o: Partial<HistoryOrder>): HistoryOrder => ({
      order_num: n,
      delivery_date: '2026-09-15',
      delivery_time: '20:00',
      source_id: 2,
      status: 1,
      delivery: 'ritiro',
      payment_type: 'Contanti',
      name: `Export ${n}`,
      lines: [{ ...cat.pizza, qty: 1 }],
      ...o,
    });
    tricky.push(
      order(1, {
        name: 'Bar "Da Gigi"; Trastevere',
        note: '=HYPERLINK("http://x")\nsuonare due volte',
        delivery: 'consegna',
        zone_id: cat.zones[0]!,
        address: 'Via dei Salumi 3',
        deliveryFeeCents: 250,
        discount_code: 'PRIMAVERA10',
        discountCents: 123,
        lines: [
          {
            ...cat.pizza,
            qty: 2,
            variantId: cat.dough.id,
            variantName: cat.dough.name,
            variantPriceCents: cat.dough.price,
            additions: [cat.addition],
          },
        ],
      }),
      order(2, { name: '+39 Cliente', status: 3, delivery_date: '2026-09-01', delivery_time: '19:00', payment_type: 'Carta di credito' }),
      order(3, { name: '@mario', delivery_date: '2026-09-30', delivery_time: '22:45', lines: [{ ...cat.drink, qty: 3 }] }),
      // Outside the period: never exported.
      order(4, { delivery_date: '2026-10-01' }),
    );
    await insertHistoryOrders(server.handle.db, tricky);
  });

  const download = (name: string) =>
    fetch(`${server.baseUrl}${API}/${name}?from=${FROM}&to=${TO}`, { headers: { authorization: `Bearer ${owner.token}` } });

  it('gives the orders as Italian spreadsheets open them, parsed back equal to the orders', async () => {
    const response = await download('orders.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="ordini-${FROM}-${TO}.csv"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.toString('utf8').slice(1));
    expect(header).toEqual([
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
    ]);
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    // In the order they were promised, the cancelled one too.
    expect(rows.map((r) => cell(r, 'Cliente'))).toEqual(["'+39 Cliente", 'Bar "Da Gigi"; Trastevere', "'@mario"]);
    expect(rows.map((r) => [cell(r, 'Data'), cell(r, 'Ora'), cell(r, 'Stato')])).toEqual([
      ['01/09/2026', '19:00', 'Annullato'],
      ['15/09/2026', '20:00', 'Stampato'],
      ['30/09/2026', '22:45', 'Stampato'],
    ]);
    const gigi = rows[1]!;
    const stored = tricky[0]!;
    expect(cell(gigi, 'Note')).toBe('\'=HYPERLINK("http://x")\nsuonare due volte');
    expect(cell(gigi, 'Tipo')).toBe('Consegna a domicilio');
    expect(cell(gigi, 'Origine')).toBe('Cassa');
    expect(cell(gigi, 'Codice sconto')).toBe('PRIMAVERA10');
    const euros = (text: string | undefined) => Math.round(Number(text!.replace(',', '.')) * 100);
    expect(cell(gigi, 'Merce')).toMatch(/^\d+,\d\d$/);
    expect(euros(cell(gigi, 'Merce'))).toBe(goodsOf(stored));
    expect(cell(gigi, 'Sconto')).toBe('1,23');
    expect(cell(gigi, 'Spese di consegna')).toBe('2,50');
    expect(euros(cell(gigi, 'Totale'))).toBe(totalOf(stored));
  });

  it('gives the order lines with their dough and additions', async () => {
    const response = await download('order-lines.csv');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="righe-ordini-${FROM}-${TO}.csv"`);
    const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(3);
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    const pizza = rows[1]!;
    const line = tricky[0]!.lines[0]!;
    expect([cell(pizza, 'Prodotto'), cell(pizza, 'Impasto'), cell(pizza, 'Aggiunte'), cell(pizza, 'Quantità')]).toEqual([
      'Margherita',
      'Doppio impasto',
      'Mozzarella di bufala',
      '2',
    ]);
    expect(cell(pizza, 'Totale riga')).toBe(
      `${Math.floor((unitPrice(line) * 2) / 100)},${String((unitPrice(line) * 2) % 100).padStart(2, '0')}`,
    );
    expect(cell(rows[2]!, 'Quantità')).toBe('3');
  });

  it('reads the database page by page, never the whole period at once', async () => {
    const exports = new ReportExports(server.handle.db, 2);
    const chunks: string[] = [];
    for await (const chunk of exports.orders('2026-10-01', '2026-10-31')) chunks.push(chunk);
    const inOctober = fixture.filter((o) => o.delivery_date.startsWith('2026-10')).length + 1;
    // The header, then one chunk per page of 2 orders.
    expect(chunks).toHaveLength(1 + Math.ceil(inOctober / 2));
    expect(chunks.slice(1).every((c) => c.split('\r\n').length - 1 <= 2)).toBe(true);
    expect(chunks.join('').split('\r\n').length - 2).toBe(inOctober);
  });
});
