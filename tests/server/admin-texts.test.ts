/**
 * 'Testi' (issue 17): the shop's name, address, phones, legal line and the home page's ten fields,
 * saved by version, audited, seen by customers at their next request.
 */
import { describe, expect, it } from 'vitest';
import { adminSuite } from './harness';

const suite = adminSuite();

const current = async () => (await suite.owner.get('/api/v1/admin/texts')).body.texts as Record<string, string> & { version: number };

describe("the shop's texts", () => {
  it("reads the seed's texts: name, phones and the home page's first heading", async () => {
    const texts = await current();
    expect(texts).toMatchObject({
      shop_name: 'Pizzeria Da Romolo',
      shop_phone_1: '06 5823 4417',
      homepage_field_1: 'La pizza romana, dal 1978',
      homepage_field_10: '',
    });
  });

  it('a new heading reaches the home page at once and the register names the change', async () => {
    const texts = await current();
    const saved = await suite.owner.put('/api/v1/admin/texts', { ...texts, homepage_field_1: 'La pizza romana, dal 1978 a Monteverde' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Testi salvati.');
    expect(saved.body.texts.version).toBe(texts.version + 1);
    const webapp = await suite.visitor().get('/api/v1/ecommerce/webapp');
    expect(webapp.body.settings.homepage_field_1).toBe('La pizza romana, dal 1978 a Monteverde');
    const register = await suite.owner.get('/api/v1/admin/audit?entity=settings');
    expect(register.body.entries[0]).toMatchObject({
      entity_id: 'texts',
      label: 'Testi',
      before: { homepage_field_1: 'La pizza romana, dal 1978' },
      after: { homepage_field_1: 'La pizza romana, dal 1978 a Monteverde' },
    });
  });

  it('refuses each wrong field with its label and changes nothing', async () => {
    const texts = await current();
    const refused = await suite.owner.put('/api/v1/admin/texts', {
      ...texts,
      shop_name: '   ',
      shop_phone_1: 'chiamaci',
      homepage_field_1: 'T'.repeat(81),
      homepage_field_2: 'p'.repeat(601),
      shop_legal_line: 'Da Romolo\u0000',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      shop_name: ['Nome della pizzeria è obbligatorio.'],
      shop_phone_1: ['Telefono 1 ha un formato non valido.'],
      homepage_field_1: ['Titolo 1 non può superare 80 caratteri.'],
      homepage_field_2: ['Paragrafo 2 non può superare 600 caratteri.'],
      shop_legal_line: ['Riga legale contiene caratteri non ammessi.'],
    });
    expect(await current()).toEqual(texts);
  });

  it('keeps markup as text: what is typed is what customers read, never HTML', async () => {
    const texts = await current();
    const typed = '<img src=x onerror=alert(1)> Forno a legna';
    expect((await suite.owner.put('/api/v1/admin/texts', { ...texts, homepage_field_3: typed })).status).toBe(200);
    expect((await suite.visitor().get('/api/v1/ecommerce/webapp')).body.settings.homepage_field_3).toBe(typed);
    await suite.owner.put('/api/v1/admin/texts', { ...(await current()), homepage_field_3: texts.homepage_field_3 });
  });

  it('a save based on an older version is refused with the texts as they are now', async () => {
    const texts = await current();
    expect((await suite.owner.put('/api/v1/admin/texts', { ...texts, shop_phone_2: '+39 347 000 0000' })).status).toBe(200);
    const stale = await suite.owner.put('/api/v1/admin/texts', { ...texts, shop_address: 'Via Roma 1' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('record.stale');
    expect(stale.body.current.shop_phone_2).toBe('+39 347 000 0000');
    expect((await current()).shop_address).toBe(texts.shop_address);
  });
});
