/**
 * Special days (issue 17): a closed day or range beats the weekly hours — no slots, the banner gives
 * its message and the next opening; a day with its own hours; booked orders listed and kept; audited.
 * The harness's clock: Wednesday 18 November 2026, 17:00 in Rome.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSuite, insertBookedOrder, TODAY } from './harness';

const suite = adminSuite();
beforeEach(async () => {
  await suite.server.handle.db.deleteFrom('special_days').execute();
  suite.server.services.catalog.invalidate();
});

const closed = (from: string, until = from, message: string | null = null) => ({
  date_from: from,
  date_until: until,
  closed: true,
  first_slot: null,
  last_slot: null,
  message,
});

const bookOrder = (date: string, time: string, name: string) => insertBookedOrder(suite.server, date, time, name);

describe('special days', () => {
  it('closing today: no slot can be chosen, the banner gives its message and the next opening', async () => {
    const created = await suite.owner.post('/api/v1/admin/special-days', closed(TODAY, TODAY, 'Chiuso per inventario.'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('Giorno di chiusura salvato.');

    const status = await suite.visitor().get('/api/v1/ecommerce/webapp/closed');
    expect(status.body).toEqual({
      closed: true,
      client_message: 'Oggi siamo chiusi. Chiuso per inventario. Ti aspettiamo domani dalle 18:00.',
    });
    const slots = await suite.visitor().get('/api/v1/ecommerce/webapp/timeslots');
    expect(slots.body.timeslots.filter((s: { available: boolean }) => s.available)).toEqual([]);
    const webapp = await suite.visitor().get('/api/v1/ecommerce/webapp');
    expect(webapp.body.closed).toBe(true);

    const register = await suite.owner.get('/api/v1/admin/audit?entity=special_day');
    expect(register.body.entries[0]).toMatchObject({
      action: 'create',
      label: '18/11/2026',
      after: { closed: true, message: 'Chiuso per inventario.' },
    });
  });

  it('a closed range moves the next opening past it', async () => {
    expect((await suite.owner.post('/api/v1/admin/special-days', closed(TODAY, '2026-11-20'))).status).toBe(201);
    const status = await suite.visitor().get('/api/v1/ecommerce/webapp/closed');
    expect(status.body.client_message).toBe('Oggi siamo chiusi. Ti aspettiamo sabato dalle 18:00.');
  });

  it('a day with its own hours offers only its slots', async () => {
    const created = await suite.owner.post('/api/v1/admin/special-days', {
      date_from: TODAY,
      date_until: TODAY,
      closed: false,
      first_slot: '19:00',
      last_slot: '20:00',
      message: null,
    });
    expect(created.status).toBe(201);
    const slots = await suite.visitor().get('/api/v1/ecommerce/webapp/timeslots');
    const times = slots.body.timeslots.map((s: { hour: number; minute: number }) => `${s.hour}:${String(s.minute).padStart(2, '0')}`);
    expect(times).toEqual(['19:00', '19:15', '19:30', '19:45', '20:00']);
  });

  it("the cassa's strip of another date follows its special day: closed with its notice, or its own hours", async () => {
    const strip = async (date: string) => (await suite.owner.get(`/api/v1/ecommerce/cassa/orders?date=${date}`)).body;
    const times = (body: { slots: { time: string }[] }) => body.slots.map((s) => s.time);
    const christmasEve = '2027-12-24';
    const normal = await strip(christmasEve);
    expect(normal.closed_notice).toBeNull();
    expect(times(normal)).toContain('20:00');

    expect((await suite.owner.post('/api/v1/admin/special-days', closed(christmasEve, christmasEve, 'Natale'))).status).toBe(201);
    await bookOrder(christmasEve, '20:10', 'Vigilia Cassa Strip');
    const closedDay = await strip(christmasEve);
    expect(closedDay.closed_notice).toBe('Chiuso: Natale');
    // No slot but the one an order is booked in (kept when the owner closed the day), to find it.
    expect(times(closedDay)).toEqual(['20:00']);
    expect(closedDay.orders.data.map((o: { name: string }) => o.name)).toEqual(['Vigilia Cassa Strip']);
    // The editor hears of it too, for an order typed for that day.
    expect((await suite.owner.get('/api/v1/ecommerce/cassa/init')).body.closed_days).toEqual([
      { date_from: christmasEve, date_until: christmasEve, notice: 'Chiuso: Natale' },
    ]);

    const own = await suite.owner.post('/api/v1/admin/special-days', {
      date_from: '2027-12-31',
      date_until: '2027-12-31',
      closed: false,
      first_slot: '19:00',
      last_slot: '19:45',
      message: 'Cenone',
    });
    expect(own.status).toBe(201);
    const newYearsEve = await strip('2027-12-31');
    expect(newYearsEve.closed_notice).toBeNull();
    expect(times(newYearsEve)).toEqual(['19:00', '19:15', '19:30', '19:45']);
  });

  it('lists the booked orders it would close and saves only once confirmed; the orders stay', async () => {
    await bookOrder('2026-12-24', '20:00', 'Mario Rossi');
    await bookOrder('2026-12-24', '20:30', 'Giulia Bianchi');
    await bookOrder('2026-12-24', '21:00', 'Anna Neri');
    const form = closed('2026-12-24', '2026-12-26', 'Buone feste!');
    const refused = await suite.owner.post('/api/v1/admin/special-days', form);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'schedule.orders_booked',
      message: 'Ci sono 3 ordini per il 24/12: restano validi, avvisa i clienti.',
    });
    expect(refused.body.orders.map((o: { name: string }) => o.name)).toEqual(['Mario Rossi', 'Giulia Bianchi', 'Anna Neri']);
    expect((await suite.owner.get('/api/v1/admin/special-days')).body.items).toEqual([]);

    const confirmed = await suite.owner.post('/api/v1/admin/special-days', { ...form, confirm: true });
    expect(confirmed.status).toBe(201);
    const orders = await suite.server.handle.db
      .selectFrom('orders')
      .select(['name', 'status'])
      .where('delivery_date', '=', '2026-12-24')
      .execute();
    expect(orders.every((o) => o.status !== 3)).toBe(true);
  });

  it('own hours only ask about the orders they leave out', async () => {
    await bookOrder('2026-12-31', '19:00', 'Dentro');
    await bookOrder('2026-12-31', '22:30', 'Fuori');
    const refused = await suite.owner.post('/api/v1/admin/special-days', {
      date_from: '2026-12-31',
      date_until: '2026-12-31',
      closed: false,
      first_slot: '18:00',
      last_slot: '21:00',
      message: null,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.orders.map((o: { name: string }) => o.name)).toEqual(['Fuori']);
    expect(refused.body.message).toBe("C'è 1 ordine per il 31/12: resta valido, avvisa il cliente.");
  });

  it.each([
    [{ date_from: '2026-11-17', date_until: '2026-11-17' }, 'date_from', 'Dal non può essere un giorno passato.'],
    [{ date_from: '2026-11-20', date_until: '2026-11-19' }, 'date_until', 'Al non può precedere Dal.'],
    [{ date_from: '2026-11-20', date_until: '2027-02-20' }, 'date_until', 'Al non può superare 62 giorni da Dal.'],
    [{ closed: false, first_slot: null, last_slot: '22:00' }, 'first_slot', 'Primo orario è obbligatorio.'],
    [
      { closed: false, first_slot: '18:10', last_slot: '22:00' },
      'first_slot',
      'Primo orario deve essere un quarto d’ora (es. 18:00, 18:15).',
    ],
    [{ closed: false, first_slot: '20:00', last_slot: '19:00' }, 'last_slot', 'Ultimo orario non può precedere il primo.'],
    [{ message: 'm'.repeat(301) }, 'message', 'Messaggio non può superare 300 caratteri.'],
  ])('refuses %o with its message and writes nothing', async (change, field, message) => {
    const response = await suite.owner.post('/api/v1/admin/special-days', { ...closed('2026-11-25'), ...change });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
    expect((await suite.owner.get('/api/v1/admin/special-days')).body.items).toEqual([]);
  });

  it('removing it brings the weekly hours back; an old version cannot remove it', async () => {
    const day = (await suite.owner.post('/api/v1/admin/special-days', closed(TODAY))).body.special_day;
    expect((await suite.owner.delete(`/api/v1/admin/special-days/${day.id}?version=${day.version + 1}`)).status).toBe(409);
    const removed = await suite.owner.delete(`/api/v1/admin/special-days/${day.id}?version=${day.version}`);
    expect(removed.body.message).toBe('Giorno speciale rimosso: valgono gli orari della settimana.');
    expect((await suite.visitor().get('/api/v1/ecommerce/webapp/closed')).body.closed).toBe(false);
  });
});
