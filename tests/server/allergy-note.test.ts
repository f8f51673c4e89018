import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite, cassaOrderBody, loggedInClient, orderCount, productId, TODAY } from './harness';
import { readTicket } from './ticket-text';

/** Issue 29: 'Allergie o intolleranze' travels from the checkout and the cassa to the ticket and the mail. */
const suite = adminSuite();
const API = '/api/v1/ecommerce';
const CASSA = `${API}/cassa`;
let margherita = 0;

beforeAll(async () => {
  margherita = await productId(suite.server, 'Margherita');
});

const pickup = (allergyNote: unknown) => ({
  data: {
    tipoConsegna: 'ritiro',
    addressSelector: 0,
    nomeCliente: 'Irene Allergica',
    telefono: '3331239876',
    fascia: '21:15',
    allergy_note: allergyNote,
  },
  cart: [{ id: margherita, qty: 1 }],
});

const phoneOrder = (data: Record<string, unknown>) =>
  cassaOrderBody(
    {
      client_id: 0,
      delivery: 'ritiro',
      nomeCliente: 'Teodoro Noci',
      telefono: '347 000 3131',
      fascia: '21:30',
      delivery_date: TODAY,
      ...data,
    },
    [{ id: margherita, qty: 1 }],
  );

const stored = async (id: number) =>
  (await suite.server.handle.db.selectFrom('orders').select('allergy_note').where('id', '=', id).executeTakeFirstOrThrow()).allergy_note;

describe('the checkout', () => {
  it('stores the allergy, e-mails it back, and the ticket prints it first in the cassa', async () => {
    const { client, email } = await loggedInClient(suite.server, { name: 'Irene Allergica' });
    const placed = await client.post(`${API}/checkout`, pickup('  frutta a guscio '));
    expect(placed.status).toBe(201);
    const { id } = placed.body.order;
    expect(await stored(id)).toBe('frutta a guscio');

    const mail = (await suite.server.outbox.last(email))!;
    expect(mail.text).toContain('Allergie o intolleranze: frutta a guscio');
    expect((await client.get(`${API}/account/orders/${id}`)).body.order.allergy_note).toBe('frutta a guscio');

    const day = await suite.owner.get(`${CASSA}/orders?date=${TODAY}`);
    const listed = day.body.orders.data.find((o: { id: number }) => o.id === id);
    expect(listed.allergy_note).toBe('frutta a guscio');

    const pdf = await suite.owner.get(`${CASSA}/pdf/orders/${id}`);
    expect(pdf.status).toBe(200);
    const [page] = await readTicket(pdf.body);
    expect(page!.text.trim()).toMatch(/^ALLERGIE: frutta a guscio /);
  });

  it('prints no allergy line and mails none when the customer has none', async () => {
    const { client, email } = await loggedInClient(suite.server);
    const placed = await client.post(`${API}/checkout`, pickup(null));
    expect(placed.status).toBe(201);
    expect(await stored(placed.body.order.id)).toBeNull();
    expect((await suite.server.outbox.last(email))!.text).not.toContain('Allergie');
    const [page] = await readTicket((await suite.owner.get(`${CASSA}/pdf/orders/${placed.body.order.id}`)).body);
    expect(page!.text).not.toContain('ALLERGIE');
  });

  it.each([
    ['over 200 characters', 'a'.repeat(201), 'Il campo allergie o intolleranze non può superare 200 caratteri.'],
    ['with a control character', 'noci\u0007', 'Il campo allergie o intolleranze ha un formato non valido.'],
    ['on two lines', 'noci\narachidi', 'Il campo allergie o intolleranze ha un formato non valido.'],
  ])('refuses a note %s with a 422 naming the field, and stores nothing', async (_case, note, message) => {
    const { client } = await loggedInClient(suite.server);
    const before = await orderCount(suite.server);
    const refused = await client.post(`${API}/checkout`, pickup(note));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.allergy_note).toEqual([message]);
    expect(await orderCount(suite.server)).toBe(before);
  });
});

describe("the cassa's editor", () => {
  it('stores the allergy, changes it, and keeps it when a write from before the field leaves it out', async () => {
    const created = await suite.owner.post(`${CASSA}/orders/store`, phoneOrder({ allergy_note: 'arachidi' }));
    expect(created.status).toBe(201);
    const { id } = created.body.order;
    expect(created.body.order.allergy_note).toBe('arachidi');

    const edit = (data: Record<string, unknown>, version: number) => {
      const body = phoneOrder(data);
      return suite.owner.put(`${CASSA}/orders/${id}/update`, { ...body, data: { ...body.data, version } });
    };
    expect((await edit({ allergy_note: 'arachidi, sesamo' }, 0)).status).toBe(200);
    expect(await stored(id)).toBe('arachidi, sesamo');
    expect((await edit({}, 1)).status).toBe(200);
    expect(await stored(id)).toBe('arachidi, sesamo');
    expect((await edit({ allergy_note: null }, 2)).status).toBe(200);
    expect(await stored(id)).toBeNull();
  });

  it('refuses a note over 200 characters in Italian', async () => {
    const refused = await suite.owner.post(`${CASSA}/orders/store`, phoneOrder({ allergy_note: 'x'.repeat(201) }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.allergy_note).toEqual(['Il campo allergie o intolleranze non può superare 200 caratteri.']);
  });
});
