import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previousPeriod } from '../../src/domain';
import { DaySummaries } from '../../server/reports/day-summaries';
import { PeriodQueries } from '../../server/reports/period-queries';
import { counterOrder, loggedInClient, productId, startTestServer, type ApiClient, type TestServer } from './harness';

/** 'Andamento' from the days' kept sums (server/reports/day-summaries.ts) against the same sums straight from the orders. */
const CASSA = '/api/v1/ecommerce/cassa';
const MONTH = { from: '2026-11-01', to: '2026-11-30' };
const PAST_DAY = '2026-11-10';
const LATER_DAY = '2026-11-12';
const OCTOBER_DAY = '2026-10-20';
const EARLIER_DAY = '2026-09-20';

let server: TestServer;
let owner: ApiClient;
let margherita = 0;
let diavola = 0;

beforeAll(async () => {
  server = await startTestServer({ now: `${PAST_DAY}T17:00:00+01:00`, settings: { slot_capacity: '1000' } });
  owner = (await loggedInClient(server, { role: 'admin', name: 'Titolare Riepiloghi' })).client;
  margherita = await productId(server, 'Margherita');
  diavola = await productId(server, 'Diavola');
});
afterAll(() => server?.close());

/** The cassa's order of `qty` of `product` for its day, as the cassa stores it today. */
async function store(product: number, day: string, qty = 1): Promise<{ id: number; version: number }> {
  const body = counterOrder(product, day);
  const response = await owner.post(`${CASSA}/orders/store`, { ...body, cart: [{ id: product, qty }] });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order;
}

async function edit(order: { id: number; version: number }, product: number, day: string, qty: number): Promise<void> {
  const body = counterOrder(product, day);
  const response = await owner.put(`${CASSA}/orders/${order.id}/update`, {
    data: { ...body.data, version: order.version },
    cart: [{ id: product, qty }],
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const orderRow = (id: number) => server.handle.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const versionOf = async (id: number) => (await orderRow(id)).version;

/** The month's report (what the owner reads) after checking it equals the plain sums over the orders. */
async function monthReport() {
  const plain = new PeriodQueries(server.handle.db);
  const before = previousPeriod(MONTH.from, MONTH.to);
  const report = await server.services.reports.period(MONTH.from, MONTH.to);
  expect(report).toEqual({ current: await plain.figures(MONTH.from, MONTH.to), previous: await plain.figures(before.from, before.to) });
  return report.current;
}

/** What the orders of the month that count add up to, by a plain SUM. */
const takings = async () =>
  Number(
    (
      await server.handle.db
        .selectFrom('orders')
        .where('delivery_date', '>=', MONTH.from)
        .where('delivery_date', '<=', MONTH.to)
        .where('status', '!=', 3)
        .select((eb) => eb.fn.sum<number>('total_price_cents').as('sum'))
        .executeTakeFirstOrThrow()
    ).sum,
  );

const keptDays = () => server.handle.db.selectFrom('report_days').select('day').orderBy('day').execute();

describe("'Andamento' from each day's kept sums", () => {
  let pastOrder: { id: number; version: number };

  it('equals the plain sums on a first read, and keeps each day with orders', async () => {
    pastOrder = await store(margherita, PAST_DAY, 2);
    await store(diavola, PAST_DAY);
    const month = await monthReport();
    expect(month.totals.orders).toBe(2);
    expect(month.totals.revenueCents).toBe(await takings());
    expect(await keptDays()).toEqual([{ day: PAST_DAY }]);
  });

  it('counts a new order on a day already summed', async () => {
    await store(diavola, PAST_DAY, 3);
    const month = await monthReport();
    expect(month.totals.orders).toBe(3);
    expect(month.products.find((p) => p.id === diavola)?.quantity).toBe(4);
  });

  it("counts an edit of a past day's order lines, the day otherwise as kept", async () => {
    server.clock.set(`${LATER_DAY}T17:00:00+01:00`);
    // Two days on, the first session has expired.
    owner = (await loggedInClient(server, { role: 'admin', name: 'Titolare Riepiloghi Dopo' })).client;
    await store(margherita, LATER_DAY);
    await monthReport();
    await edit({ id: pastOrder.id, version: await versionOf(pastOrder.id) }, diavola, PAST_DAY, 5);
    const month = await monthReport();
    expect(month.products.find((p) => p.id === margherita)?.quantity).toBe(1);
    expect(month.products.find((p) => p.id === diavola)?.quantity).toBe(9);
    expect(month.totals.revenueCents).toBe(await takings());
  });

  it('leaves out an order cancelled after its day was summed', async () => {
    const before = (await monthReport()).totals;
    const order = await server.handle.db
      .selectFrom('orders')
      .select(['id', 'total_price_cents'])
      .where('delivery_date', '=', PAST_DAY)
      .where('id', '!=', pastOrder.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await owner.patch(`${CASSA}/orders/${order.id}`, { status: 3 })).status).toBe(200);
    const month = await monthReport();
    expect(month.totals.orders).toBe(before.orders - 1);
    expect(month.totals.revenueCents).toBe(before.revenueCents - order.total_price_cents);
  });

  it("counts an order's new total after its day's sums were kept", async () => {
    const before = (await monthReport()).totals.revenueCents;
    const line = await server.handle.db
      .selectFrom('order_lines')
      .select('unit_price_cents')
      .where('order_id', '=', pastOrder.id)
      .executeTakeFirstOrThrow();
    await edit({ id: pastOrder.id, version: await versionOf(pastOrder.id) }, diavola, PAST_DAY, 6);
    const month = await monthReport();
    expect(month.totals.revenueCents).toBe(before + line.unit_price_cents);
    expect(month.totals.revenueCents).toBe(await takings());
  });

  it('moves an order edited to another day out of the one summed and into the other', async () => {
    const moved = await store(margherita, PAST_DAY, 7);
    const before = (await monthReport()).days;
    const dayOf = (days: typeof before, day: string) => days.find((d) => d.day === day)!;
    await edit({ id: moved.id, version: await versionOf(moved.id) }, margherita, LATER_DAY, 7);
    const after = (await monthReport()).days;
    expect(dayOf(after, PAST_DAY).orders).toBe(dayOf(before, PAST_DAY).orders - 1);
    expect(dayOf(after, LATER_DAY).orders).toBe(dayOf(before, LATER_DAY).orders + 1);
    expect(dayOf(after, LATER_DAY).revenueCents).toBeGreaterThan(dayOf(before, LATER_DAY).revenueCents);
  });

  it("counts a deleted client's orders as without a customer, though no order was written", async () => {
    const before = (await monthReport()).customers;
    const client = await server.handle.db
      .selectFrom('orders')
      .select('client_id')
      .where('delivery_date', '=', PAST_DAY)
      .where('status', '!=', 3)
      .where('client_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const { orders } = await server.handle.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('orders'))
      .where('client_id', '=', client.client_id)
      .where('delivery_date', '>=', MONTH.from)
      .where('status', '!=', 3)
      .executeTakeFirstOrThrow();
    // Deleting the client sets its orders' client_id to null (a foreign-key action): no order code runs.
    await server.handle.db.deleteFrom('clients').where('id', '=', client.client_id).execute();
    const after = (await monthReport()).customers;
    expect(after.unknownOrders).toBe(before.unknownOrders + Number(orders));
    expect(after.new + after.returning).toBe(before.new + before.returning - 1);
  });

  it('gives every concurrent reader of a stale day the exact figures, and keeps them exact', async () => {
    await store(margherita, LATER_DAY, 2);
    const plain = await new PeriodQueries(server.handle.db).figures(MONTH.from, MONTH.to);
    const reads = await Promise.all(Array.from({ length: 6 }, () => server.services.reports.period(MONTH.from, MONTH.to)));
    for (const read of reads) expect(read.current).toEqual(plain);
    expect((await monthReport()).totals.revenueCents).toBe(await takings());
    expect(await keptDays()).toEqual([{ day: PAST_DAY }, { day: LATER_DAY }]);
  });

  it('gives another process, reading the kept days from the database, the same figures', async () => {
    const plain = await new PeriodQueries(server.handle.db).figures(MONTH.from, MONTH.to);
    expect(await new DaySummaries(server.handle.db).figures(MONTH.from, MONTH.to)).toEqual(plain);
  });

  it('makes a customer new once their first order is cancelled, and returning again when an earlier one comes', async () => {
    const customers = async () => {
      await monthReport();
      const { current, previous } = await server.services.reports.period(MONTH.from, MONTH.to);
      return { current: current.customers, previous: previous.customers };
    };
    const before = await customers();
    const october = await store(diavola, OCTOBER_DAY);
    const { client_id } = await orderRow(october.id);
    const body = counterOrder(margherita, PAST_DAY);
    const november = await owner.post(`${CASSA}/orders/store`, { ...body, data: { ...body.data, client_id } });
    expect(november.status).toBe(201);
    const plus = (figures: typeof before.current, added: Partial<typeof before.current>) => ({ ...figures, ...added });
    expect(await customers()).toEqual({
      current: plus(before.current, { returning: before.current.returning + 1 }),
      previous: plus(before.previous, { new: before.previous.new + 1 }),
    });
    expect((await owner.patch(`${CASSA}/orders/${october.id}`, { status: 3 })).status).toBe(200);
    expect(await customers()).toEqual({ current: plus(before.current, { new: before.current.new + 1 }), previous: before.previous });
    const earlier = await store(diavola, EARLIER_DAY);
    await server.handle.db.updateTable('orders').set({ client_id }).where('id', '=', earlier.id).execute();
    expect(await customers()).toEqual({
      current: plus(before.current, { returning: before.current.returning + 1 }),
      previous: before.previous,
    });
  });

  it("counts a deleted account's orders for their cassa client, the client's first order kept exact", async () => {
    const { id: userId } = await loggedInClient(server, { name: 'Cliente Online Riepiloghi' });
    const { current: before } = await server.services.reports.period(MONTH.from, MONTH.to);
    // An online order by the account on the past day, for a cassa client whose only other order is later.
    const online = await store(margherita, PAST_DAY);
    const later = await store(diavola, LATER_DAY);
    const { client_id } = await orderRow(later.id);
    await server.handle.db.updateTable('orders').set({ user_id: userId, client_id }).where('id', '=', online.id).execute();
    const asAccount = (await monthReport()).customers;
    expect(asAccount).toEqual({ ...before.customers, new: before.customers.new + 2 });
    await server.handle.db.deleteFrom('users').where('id', '=', userId).execute();
    const afterDeletion = (await monthReport()).customers;
    // One customer fewer (the account); its order now the client's first.
    expect(afterDeletion).toEqual({ ...before.customers, new: before.customers.new + 1 });
    const first = await server.handle.db
      .selectFrom('customer_first_days')
      .select('first_day')
      .where('customer', '=', `c${client_id}`)
      .executeTakeFirstOrThrow();
    expect(first.first_day).toBe(PAST_DAY);
  });
});
