/**
 * 'Orari' (issue 17): lunch and dinner per weekday, pizzas per slot, lead minutes, the online dough
 * choice and the 'Ordini online chiusi' switch. Timeslots, the closed banner and the cassa's strip
 * follow at once; booked orders are listed and kept; every save is versioned and audited.
 * The harness's clock: Wednesday 18 November 2026.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminSuite, insertBookedOrder, loggedInClient, TODAY } from './harness';

const suite = adminSuite();

type Window = { first: string; last: string } | null;
interface Hours {
  version: number;
  week: { lunch: Window; dinner: Window }[];
  slot_capacity: number;
  lead_minutes: number;
  dough_choice: boolean;
}

const SEED_SETTINGS: Record<string, string> = {};

beforeAll(async () => {
  const rows = await suite.server.handle.db.selectFrom('settings').selectAll().execute();
  for (const row of rows) SEED_SETTINGS[row.key] = row.value;
});
beforeEach(async () => {
  const db = suite.server.handle.db;
  for (const key of ['weekly_hours', 'slot_capacity', 'lead_minutes', 'ecommerce_variants', 'shop_closed', 'closed_message']) {
    await db.updateTable('settings').set({ value: SEED_SETTINGS[key]! }).where('key', '=', key).execute();
  }
  await db.deleteFrom('settings').where('key', '=', 'shop_closed_until').execute();
  await db.deleteFrom('orders').execute();
  suite.server.services.catalog.invalidate();
  suite.server.clock.set('2026-11-18T11:00:00+01:00');
});

const current = async () => (await suite.owner.get('/api/v1/admin/hours')).body as { hours: Hours; online_ordering: any };

/** The form as the page sends it: every window as typed, numbers as typed. */
const typed = (hours: Hours, change: (week: Hours['week']) => void = () => {}) => {
  const week = structuredClone(hours.week);
  change(week);
  return {
    version: hours.version,
    week: week.map((day) => ({ lunch: day.lunch ?? { first: '', last: '' }, dinner: day.dinner ?? { first: '', last: '' } })),
    slot_capacity: String(hours.slot_capacity),
    lead_minutes: String(hours.lead_minutes),
    dough_choice: hours.dough_choice,
  };
};

type Slot = { hour: number; minute: number; available: boolean };
const timeOf = (s: Slot) => `${String(s.hour).padStart(2, '0')}:${String(s.minute).padStart(2, '0')}`;
const available = (body: { timeslots: Slot[] }) => body.timeslots.filter((s) => s.available).map(timeOf);

const bookOrder = (date: string, time: string, name: string) => insertBookedOrder(suite.server, date, time, name);

describe('weekly hours', () => {
  it("reads the seed's week: Monday closed, dinner 18:00–22:00 otherwise, 10 pizzas a slot, 30 minutes' lead, dough choice on", async () => {
    const { hours, online_ordering } = await current();
    expect(hours.week[1]).toEqual({ lunch: null, dinner: null });
    expect(hours.week[3]).toEqual({ lunch: null, dinner: { first: '18:00', last: '22:00' } });
    expect(hours).toMatchObject({ slot_capacity: 10, lead_minutes: 30, dough_choice: true });
    expect(online_ordering).toMatchObject({ closed: false, message: '', until: null });
  });

  it('a lunch on Wednesday: its slots are offered, the gap is not, the cassa strip and the site hours follow', async () => {
    const { hours } = await current();
    const saved = await suite.owner.put(
      '/api/v1/admin/hours',
      typed(hours, (week) => (week[3]!.lunch = { first: '12:00', last: '14:00' })),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Orari salvati.');
    expect(saved.body.hours.version).toBe(hours.version + 1);

    const slots = (await suite.visitor().get('/api/v1/ecommerce/webapp/timeslots')).body;
    expect(slots.timeslots.map(timeOf)).toEqual([
      ...['12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '13:30', '13:45', '14:00'],
      ...['18:00', '18:15', '18:30', '18:45', '19:00', '19:15', '19:30', '19:45', '20:00'],
      ...['20:15', '20:30', '20:45', '21:00', '21:15', '21:30', '21:45', '22:00'],
    ]);
    expect(available(slots)[0]).toBe('12:00');
    expect((await suite.visitor().get('/api/v1/ecommerce/webapp')).body.settings).toMatchObject({
      opening_time: '12:00',
      last_slot_time: '22:00',
      opening_hours: 'Siamo aperti dal martedì alla domenica, 18:00–22:00; mercoledì anche a pranzo, 12:00–14:00. Siamo chiusi il lunedì.',
    });

    // 15:00, between lunch and dinner: open, lunch gone, dinner offered
    suite.server.clock.set('2026-11-18T15:00:00+01:00');
    expect((await suite.visitor().get('/api/v1/ecommerce/webapp/closed')).body).toEqual({ closed: false, client_message: null });
    expect(available((await suite.visitor().get('/api/v1/ecommerce/webapp/timeslots')).body)[0]).toBe('18:00');

    const staff = (await loggedInClient(suite.server, { role: 'admin' })).client;
    const strip = (await staff.get(`/api/v1/ecommerce/cassa/orders?date=${TODAY}`)).body.slots.map((s: { time: string }) => s.time);
    expect(strip.slice(0, 2)).toEqual(['12:00', '12:15']);
    expect(strip).toContain('23:45');
    expect(strip).not.toContain('15:00');
  });

  it('a closed Thursday: after tonight the banner names Friday', async () => {
    const { hours } = await current();
    await suite.owner.put(
      '/api/v1/admin/hours',
      typed(hours, (week) => (week[4]!.dinner = null)),
    );
    suite.server.clock.set('2026-11-18T22:00:00+01:00');
    expect((await suite.visitor().get('/api/v1/ecommerce/webapp/closed')).body.client_message).toBe(
      'Per oggi gli ordini online sono chiusi. Ti aspettiamo venerdì dalle 18:00.',
    );
  });

  it('pizzas per slot, lead minutes and the dough choice take effect at the next request', async () => {
    const { hours } = await current();
    const saved = await suite.owner.put('/api/v1/admin/hours', {
      ...typed(hours),
      slot_capacity: '2',
      lead_minutes: '60',
      dough_choice: false,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    suite.server.clock.set('2026-11-18T17:30:00+01:00');
    expect(available((await suite.visitor().get('/api/v1/ecommerce/webapp/timeslots')).body)[0]).toBe('18:30');
    expect((await suite.visitor().get('/api/v1/ecommerce/webapp')).body.settings.ecommerce_variants).toBe('no');
    expect((await current()).hours).toMatchObject({ slot_capacity: 2, lead_minutes: 60, dough_choice: false });
  });

  it('refuses what is not a service window, each message under its field, and changes nothing', async () => {
    const { hours } = await current();
    const body = typed(hours, (week) => {
      week[2]!.dinner = { first: '18:10', last: '22:00' };
      week[3]!.dinner = { first: '20:00', last: '19:00' };
      week[4]!.lunch = { first: '12:00', last: '' };
      week[5]!.lunch = { first: '12:00', last: '18:30' };
    });
    const refused = await suite.owner.put('/api/v1/admin/hours', { ...body, slot_capacity: '0', lead_minutes: '241' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'week.2.dinner.first': ['Usa un quarto d’ora, ad esempio 18:00 o 18:15.'],
      'week.3.dinner.last': ['L’ultimo orario non può precedere il primo.'],
      'week.4.lunch.last': ['Indica anche l’ultimo orario.'],
      'week.5.dinner.first': ['La cena deve iniziare dopo l’ultimo orario del pranzo.'],
      slot_capacity: ['Pizze per fascia deve essere un numero da 1 a 200.'],
      lead_minutes: ['Minuti di preavviso deve essere un numero da 0 a 240.'],
    });
    for (const capacity of ['abc', '201', '1e400', '-1', '5\u0000']) {
      const again = await suite.owner.put('/api/v1/admin/hours', { ...typed(hours), slot_capacity: capacity });
      expect(again.status, capacity).toBe(422);
      expect(Object.keys(again.body.errors)).toEqual(['slot_capacity']);
    }
    expect((await current()).hours).toEqual(hours);
  });

  it('a save based on an older version is refused with the hours as they are now', async () => {
    const { hours } = await current();
    expect((await suite.owner.put('/api/v1/admin/hours', { ...typed(hours), slot_capacity: '12' })).status).toBe(200);
    const stale = await suite.owner.put('/api/v1/admin/hours', { ...typed(hours), slot_capacity: '8' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('record.stale');
    expect(stale.body.message).toBe('Qualcuno ha modificato questo elemento mentre lo stavi modificando.');
    expect(stale.body.current.slot_capacity).toBe(12);
    expect((await current()).hours.slot_capacity).toBe(12);
  });

  it('closing a weekday with booked orders lists them and saves only once confirmed; the orders stay', async () => {
    await bookOrder('2026-11-24', '19:00', 'Mario Rossi');
    await bookOrder('2026-11-24', '20:30', 'Anna Bianchi');
    await bookOrder('2026-11-25', '20:30', 'Mercoledì resta');
    const { hours } = await current();
    const body = typed(hours, (week) => (week[2]!.dinner = null));
    const asked = await suite.owner.put('/api/v1/admin/hours', body);
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('schedule.orders_booked');
    expect(asked.body.message).toBe('Ci sono 2 ordini per il 24/11: restano validi, avvisa i clienti.');
    expect(asked.body.orders.map((o: { name: string }) => o.name)).toEqual(['Mario Rossi', 'Anna Bianchi']);
    expect((await current()).hours.week[2]!.dinner).not.toBeNull();

    const confirmed = await suite.owner.put('/api/v1/admin/hours', { ...body, confirm: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.hours.week[2]).toEqual({ lunch: null, dinner: null });
    const kept = await suite.server.handle.db
      .selectFrom('orders')
      .select(['name', 'status'])
      .where('delivery_date', '=', '2026-11-24')
      .execute();
    expect(kept).toHaveLength(2);
    expect(kept.every((o) => o.status === 0)).toBe(true);
  });

  it('shortening the dinner lists only the orders it leaves out', async () => {
    await bookOrder('2026-11-20', '21:40', 'Tardi');
    await bookOrder('2026-11-20', '20:00', 'In tempo');
    const { hours } = await current();
    const asked = await suite.owner.put(
      '/api/v1/admin/hours',
      typed(hours, (week) => (week[5]!.dinner = { first: '18:00', last: '21:00' })),
    );
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe("C'è 1 ordine per il 20/11: resta valido, avvisa il cliente.");
  });

  it('writes one audit row naming what changed, day by day', async () => {
    const { hours } = await current();
    await suite.owner.put('/api/v1/admin/hours', {
      ...typed(hours, (week) => (week[0]!.lunch = { first: '12:30', last: '14:00' })),
      lead_minutes: '45',
    });
    const register = await suite.owner.get('/api/v1/admin/audit?entity=settings');
    expect(register.body.entries[0]).toMatchObject({
      user_name: 'Giuseppe Titolare',
      entity_id: 'hours',
      action: 'update',
      label: 'Orari della settimana',
      before: { domenica: 'cena 18:00–22:00', minuti_di_preavviso: 30 },
      after: { domenica: 'pranzo 12:30–14:00, cena 18:00–22:00', minuti_di_preavviso: 45 },
    });
  });
});

describe("'Ordini online chiusi'", () => {
  it('closed until tomorrow: customers read the message, the cassa still sells, and tomorrow it opens by itself', async () => {
    const { online_ordering } = await current();
    const closed = await suite.owner.put('/api/v1/admin/online-ordering', {
      version: online_ordering.version,
      closed: true,
      message: 'Forno guasto: torniamo domani.',
      until_tomorrow: true,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.message).toBe('Ordini online chiusi fino a domani.');
    expect(closed.body.online_ordering).toMatchObject({ closed: true, until: '2026-11-19' });
    expect((await suite.visitor().get('/api/v1/ecommerce/webapp/closed')).body).toEqual({
      closed: true,
      client_message: 'Forno guasto: torniamo domani.',
    });
    expect(available((await suite.visitor().get('/api/v1/ecommerce/webapp/timeslots')).body)).toEqual([]);

    suite.server.clock.set('2026-11-19T11:00:00+01:00');
    expect((await suite.visitor().get('/api/v1/ecommerce/webapp/closed')).body).toEqual({ closed: false, client_message: null });
    suite.owner = (await loggedInClient(suite.server, { role: 'admin', name: 'Giuseppe Titolare' })).client;
    expect((await current()).online_ordering.closed).toBe(false);
  });

  it('closed until reopened: stays closed tomorrow, reopens with the switch, both audited', async () => {
    let { online_ordering } = await current();
    const closed = await suite.owner.put('/api/v1/admin/online-ordering', {
      version: online_ordering.version,
      closed: true,
      message: '',
      until_tomorrow: false,
    });
    expect(closed.body.message).toBe('Ordini online chiusi fino a quando li riapri.');
    suite.server.clock.set('2026-11-20T11:00:00+01:00');
    expect((await suite.visitor().get('/api/v1/ecommerce/webapp/closed')).body.client_message).toBe(
      'Al momento non accettiamo ordini online. Ci scusiamo per il disagio.',
    );
    suite.owner = (await loggedInClient(suite.server, { role: 'admin', name: 'Giuseppe Titolare' })).client;
    ({ online_ordering } = await current());
    const reopened = await suite.owner.put('/api/v1/admin/online-ordering', { ...online_ordering, closed: false, until_tomorrow: false });
    expect(reopened.body.message).toBe('Ordini online aperti.');
    expect((await suite.visitor().get('/api/v1/ecommerce/webapp/closed')).body.closed).toBe(false);
    const register = await suite.owner.get('/api/v1/admin/audit?entity=settings&date=2026-11-20');
    expect(register.body.entries[0]).toMatchObject({ label: 'Ordini online', before: { chiusi: true }, after: { chiusi: false } });
  });

  it('an older version is refused, and a message over 300 characters names its field', async () => {
    const { online_ordering } = await current();
    const long = await suite.owner.put('/api/v1/admin/online-ordering', {
      ...online_ordering,
      message: 'x'.repeat(301),
      until_tomorrow: false,
    });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ message: ['Messaggio non può superare 300 caratteri.'] });
    await suite.owner.put('/api/v1/admin/online-ordering', { ...online_ordering, closed: true, until_tomorrow: false });
    const stale = await suite.owner.put('/api/v1/admin/online-ordering', { ...online_ordering, closed: false, until_tomorrow: false });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('record.stale');
    expect(stale.body.current.closed).toBe(true);
    // leave it open for the next test file's sake
    const now = (await current()).online_ordering;
    await suite.owner.put('/api/v1/admin/online-ordering', { ...now, closed: false, until_tomorrow: false });
  });
});
