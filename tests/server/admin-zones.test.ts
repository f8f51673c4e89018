/**
 * 'Zone' (issue 17): unique names of 2–100 characters; a deactivated zone is offered to nobody (home,
 * checkout, cassa) while orders keep its name; one in use can only be deactivated; the two zones the
 * cassa and checkout rely on are locked.
 */
import { describe, expect, it } from 'vitest';
import { adminSuite, loggedInClient, productId } from './harness';

const suite = adminSuite();

type Zone = { id: number; version: number; name: string; active: boolean; locked: boolean; uses: number };
const zone = async (name: string) => ((await suite.owner.get('/api/v1/admin/zones')).body.items as Zone[]).find((z) => z.name === name)!;
const servedNames = async () =>
  ((await suite.visitor().get('/api/v1/ecommerce/webapp')).body.zones as { name: string }[]).map((z) => z.name);

/** The zone form saved as the owner sends it: no fee, no minimum. */
const saveZone = (id: number, form: { name: string; active: boolean; version: number }) =>
  suite.owner.put(`/api/v1/admin/zones/${id}`, { ...form, fee: '', min_order: '' });

describe('delivery zones', () => {
  it('deactivating Eur: gone from the home list, refused at checkout, hidden from the cassa; reactivated, back', async () => {
    const eur = await zone('Eur');
    expect(eur).toMatchObject({ active: true, locked: false });
    const off = await saveZone(eur.id, { name: 'Eur', active: false, version: eur.version });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.message).toBe('Zona disattivata: non è più proposta.');
    expect(await servedNames()).not.toContain('Eur');

    const customer = (await loggedInClient(suite.server)).client;
    const checkout = await customer.post('/api/v1/ecommerce/checkout', {
      data: {
        tipoConsegna: 'consegna',
        addressSelector: 0,
        nomeCitofono: 'Rossi',
        zonaConsegna: eur.id,
        indirizzo: 'Viale Europa 1',
        telefono: '+39 333 123 4567',
        fascia: '20:00',
      },
      cart: [{ id: await productId(suite.server, 'Margherita'), qty: 1 }],
    });
    expect(checkout.status).toBe(422);
    expect(checkout.body.errors.zonaConsegna).toEqual(['Il campo zona di consegna è invalido.']);

    const cassa = (await loggedInClient(suite.server, { role: 'admin' })).client;
    expect(((await cassa.get('/api/v1/ecommerce/cassa/init')).body.zones as { name: string }[]).map((z) => z.name)).not.toContain('Eur');

    const on = await saveZone(eur.id, { name: 'Eur', active: true, version: off.body.zone.version });
    expect(on.status).toBe(200);
    expect(await servedNames()).toContain('Eur');
    const register = await suite.owner.get(`/api/v1/admin/audit?entity=zone&entity_id=${eur.id}`);
    expect(register.body.entries.map((e: { after: { attiva: boolean } }) => e.after.attiva)).toEqual([true, false]);
  });

  it('a new zone is offered at once; renamed and deleted while nothing names it', async () => {
    const created = await suite.owner.post('/api/v1/admin/zones', { name: 'Monteverde Nuovo' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await servedNames()).toContain('Monteverde Nuovo');
    const renamed = await saveZone(created.body.zone.id, { name: 'Gianicolense', active: true, version: created.body.zone.version });
    expect(renamed.body.zone.name).toBe('Gianicolense');
    const removed = await suite.owner.delete(`/api/v1/admin/zones/${created.body.zone.id}?version=${renamed.body.zone.version}`);
    expect(removed.status).toBe(200);
    expect(await servedNames()).not.toContain('Gianicolense');
  });

  it('a zone an address or order names can only be deactivated', async () => {
    const monteverde = await zone('Monteverde');
    expect(monteverde.uses).toBeGreaterThan(0);
    const refused = await suite.owner.delete(`/api/v1/admin/zones/${monteverde.id}?version=${monteverde.version}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'record.in_use',
      message: 'La zona è usata da ordini, indirizzi o clienti: puoi solo disattivarla.',
    });
    expect((await zone('Monteverde')).active).toBe(true);
  });

  it("'Zona non riconosciuta' and 'Altra zona' are locked", async () => {
    for (const name of ['Zona non riconosciuta', 'Altra zona']) {
      const locked = await zone(name);
      expect(locked.locked).toBe(true);
      const off = await saveZone(locked.id, { name, active: false, version: locked.version });
      expect(off.status).toBe(409);
      expect(off.body.message).toBe('Questa zona serve alla cassa e al checkout: non si può modificare né eliminare.');
      expect((await suite.owner.delete(`/api/v1/admin/zones/${locked.id}?version=${locked.version}`)).status).toBe(409);
    }
  });

  it('refuses a short name, a taken one in any case, a locked one, and a stale save', async () => {
    const cases: [string, string][] = [
      ['T', 'Nome deve contenere almeno 2 caratteri.'],
      ['  ', 'Nome è obbligatorio.'],
      ['trastevere', 'Esiste già una zona con questo nome.'],
      ['Altra zona', 'Esiste già una zona con questo nome.'],
      ['x'.repeat(101), 'Nome non può superare 100 caratteri.'],
    ];
    for (const [name, message] of cases) {
      const refused = await suite.owner.post('/api/v1/admin/zones', { name });
      expect(refused.status, name).toBe(422);
      expect(refused.body.errors).toEqual({ name: [message] });
    }
    const prati = await zone('Prati');
    expect((await saveZone(prati.id, { name: 'Prati', active: true, version: prati.version })).status).toBe(200);
    const stale = await saveZone(prati.id, { name: 'Prati', active: false, version: prati.version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('record.stale');
  });
});
