import { describe, expect, it } from 'vitest';
import { serverSuite } from './harness';

const suite = serverSuite();

const available = (body: { timeslots: { hour: number; minute: number; available: boolean }[] }) =>
  body.timeslots.filter((s) => s.available).map((s) => `${s.hour}:${String(s.minute).padStart(2, '0')}`);

describe('timeslots and opening hours (Europe/Rome, injected clock)', () => {
  it('at 11:00 a customer can schedule every slot of tonight, 18:00 to 22:00 every 15 minutes', async () => {
    suite.server.clock.set('2026-11-18T11:00:00+01:00');
    const { body } = await suite.api.get('/api/v1/ecommerce/webapp/timeslots');
    expect(body.date).toBe('2026-11-18');
    expect(body.timeslots).toHaveLength(17);
    expect(available(body)).toHaveLength(17);
    expect((await suite.api.get('/api/v1/ecommerce/webapp/closed')).body).toEqual({ closed: false, client_message: null });
  });

  it('at 19:20 the past slots and those inside the 30-minute lead time are unavailable', async () => {
    suite.server.clock.set('2026-11-18T19:20:00+01:00');
    const { body } = await suite.api.get('/api/v1/ecommerce/webapp/timeslots');
    expect(available(body)[0]).toBe('20:00');
    expect(body.timeslots.find((s: { hour: number; minute: number }) => s.hour === 19 && s.minute === 45).available).toBe(false);
  });

  it('after the last slot the shop reports closed with a message for tomorrow', async () => {
    suite.server.clock.set('2026-11-18T21:45:00+01:00');
    const { body } = await suite.api.get('/api/v1/ecommerce/webapp/closed');
    expect(body).toEqual({ closed: true, client_message: 'Per oggi gli ordini online sono chiusi. Ti aspettiamo domani dalle 18:00.' });
    const slots = await suite.api.get('/api/v1/ecommerce/webapp/timeslots');
    expect(available(slots.body)).toEqual([]);
    expect((await suite.api.get('/api/v1/ecommerce/webapp')).body.closed).toBe(true);
  });

  it('on the weekly closing day (Monday) it is closed all day and names the next opening day', async () => {
    suite.server.clock.set('2026-11-23T12:00:00+01:00');
    expect((await suite.api.get('/api/v1/ecommerce/webapp/closed')).body.client_message).toBe(
      'Oggi siamo chiusi. Ti aspettiamo domani dalle 18:00.',
    );
    suite.server.clock.set('2026-11-22T22:30:00+01:00');
    expect((await suite.api.get('/api/v1/ecommerce/webapp/closed')).body.client_message).toBe(
      'Per oggi gli ordini online sono chiusi. Ti aspettiamo martedì dalle 18:00.',
    );
  });

  it('a slot whose oven capacity is used up becomes unavailable', async () => {
    suite.server.clock.set('2026-11-18T17:00:00+01:00');
    await suite.server.handle.db.updateTable('settings').set({ value: '3' }).where('key', '=', 'slot_capacity').execute();
    suite.server.services.catalog.invalidate();
    const margherita = (
      await suite.server.handle.db.selectFrom('products').select('id').where('name', '=', 'Margherita').executeTakeFirstOrThrow()
    ).id;
    const staff = await (await import('./harness')).loggedInClient(suite.server, { role: 'admin' });
    const order = await staff.client.post('/api/v1/ecommerce/cassa/orders/store', {
      data: { delivery: 'ritiro', nomeCliente: 'Banco', fascia: '20:10', payment_type: 'Contanti' },
      cart: [{ id: margherita, qty: 3 }],
    });
    expect(order.status).toBe(201);
    const { body } = await suite.api.get('/api/v1/ecommerce/webapp/timeslots');
    expect(available(body)).not.toContain('20:00');
    expect(available(body)).toContain('20:15');
  });

  it('can be closed by hand with a message of the shop', async () => {
    await suite.server.handle.db
      .insertInto('settings')
      .values([
        { key: 'shop_closed', value: '1' },
        { key: 'closed_message', value: 'Chiusi per ferie fino al 2 dicembre.' },
      ])
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
    suite.server.services.catalog.invalidate();
    expect((await suite.api.get('/api/v1/ecommerce/webapp/closed')).body).toEqual({
      closed: true,
      client_message: 'Chiusi per ferie fino al 2 dicembre.',
    });
  });
});
