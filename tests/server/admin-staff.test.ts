/**
 * 'Staff' (issue 17): a new member gets a link by e-mail to choose their password; a disabled account's
 * sessions end at once and its login says 'Account disattivato.'; the last active admin stays.
 */
import { describe, expect, it } from 'vitest';
import { adminSuite } from './harness';

const suite = adminSuite();

const linkIn = (text: string) => new URL(/http:\/\/pizzeria\.test\/\S+/.exec(text)![0]);
const memberOf = async (email: string) =>
  ((await suite.owner.get('/api/v1/admin/staff')).body.items as { id: number; version: number; email: string; active: boolean }[]).find(
    (m) => m.email === email,
  )!;

/** The new member chooses a password through the invitation just mailed to her. */
const choosePassword = async (email: string, password: string) => {
  const link = linkIn((await suite.server.outbox.last(email))!.text);
  await suite.visitor().post('/api/reset-password', {
    token: link.searchParams.get('token'),
    email,
    password,
    password_confirmation: password,
  });
};

describe('staff accounts', () => {
  it('a new member chooses a password through the mailed link and logs in; until then nobody can', async () => {
    const created = await suite.owner.post('/api/v1/admin/staff', { name: 'Lucia Cassiera', email: ' Lucia@Pizzeria.test ' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('Account creato: abbiamo inviato a lucia@pizzeria.test il link per scegliere la password.');
    expect(created.body.member).toMatchObject({ name: 'Lucia Cassiera', email: 'lucia@pizzeria.test', active: true });

    const mail = (await suite.server.outbox.last('lucia@pizzeria.test'))!;
    expect(mail.subject).toBe('Il tuo account dello staff Pizzeria Da Romolo');
    expect(mail.text).toContain('Il link scade tra 3 giorni.');
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/auth/reset-password');

    const before = await suite.visitor().post('/api/login', { email: 'lucia@pizzeria.test', password: 'Forno-a-legna-78' });
    expect(before.status).toBe(422);

    const chosen = await suite.visitor().post('/api/reset-password', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password: 'Forno-a-legna-78',
      password_confirmation: 'Forno-a-legna-78',
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const login = await suite.visitor().post('/api/login', { email: 'lucia@pizzeria.test', password: 'Forno-a-legna-78' });
    expect(login.status).toBe(200);
    expect(login.body.user.role_name).toBe('admin');

    const register = await suite.owner.get('/api/v1/admin/audit?entity=staff');
    // A creation keeps the fields it set, for the register to list.
    expect(register.body.entries[0]).toMatchObject({
      action: 'create',
      label: 'Lucia Cassiera',
      user_name: 'Giuseppe Titolare',
      before: null,
      after: { nome: 'Lucia Cassiera', email: 'lucia@pizzeria.test' },
    });
  });

  it('refuses a taken e-mail and missing fields by their labels', async () => {
    const taken = await suite.owner.post('/api/v1/admin/staff', { name: 'Lucia Due', email: 'lucia@pizzeria.test' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['Questo indirizzo email è già registrato.'] });
    const empty = await suite.owner.post('/api/v1/admin/staff', { name: '', email: 'non-una-mail' });
    expect(empty.body.errors).toEqual({ name: ['Nome è obbligatorio.'], email: ['Email ha un formato non valido.'] });
  });

  it('disabled: the open session ends at once, the login says so, no reset mail; re-enabled, the login works', async () => {
    const created = await suite.owner.post('/api/v1/admin/staff', { name: 'Marco Rider', email: 'marco@pizzeria.test' });
    await choosePassword('marco@pizzeria.test', 'Margherita-doppia-9');
    const session = suite.visitor();
    expect((await session.post('/api/login', { email: 'marco@pizzeria.test', password: 'Margherita-doppia-9' })).status).toBe(200);
    expect((await session.get('/api/v1/ecommerce/cassa/init')).status).toBe(200);

    const disabled = await suite.owner.put(`/api/v1/admin/staff/${created.body.member.id}`, {
      active: false,
      version: created.body.member.version,
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.message).toBe('Marco Rider è stato disattivato.');
    expect((await session.get('/api/v1/ecommerce/cassa/init')).status).toBe(401);

    const login = await suite.visitor().post('/api/login', { email: 'marco@pizzeria.test', password: 'Margherita-doppia-9' });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'account.disabled', message: 'Account disattivato.' });
    // A wrong password still says only 'Credenziali non valide.': a guesser learns nothing.
    expect((await suite.visitor().post('/api/login', { email: 'marco@pizzeria.test', password: 'sbagliata' })).body.code).toBe(
      'login.failed',
    );

    const mails = (await suite.server.outbox.messages()).length;
    await suite.visitor().post('/api/forgot-password', { email: 'marco@pizzeria.test' });
    expect((await suite.server.outbox.messages()).length).toBe(mails);
    const linkRefused = await suite.owner.post(`/api/v1/admin/staff/${created.body.member.id}/password-link`);
    expect(linkRefused.status).toBe(409);

    const member = await memberOf('marco@pizzeria.test');
    expect(member.active).toBe(false);
    const enabled = await suite.owner.put(`/api/v1/admin/staff/${member.id}`, { active: true, version: member.version });
    expect(enabled.body.message).toBe('Marco Rider può di nuovo accedere.');
    expect((await suite.visitor().post('/api/login', { email: 'marco@pizzeria.test', password: 'Margherita-doppia-9' })).status).toBe(200);

    const sent = await suite.owner.post(`/api/v1/admin/staff/${member.id}/password-link`);
    expect(sent.body.message).toBe('Abbiamo inviato a marco@pizzeria.test il link per scegliere la password.');
    expect((await suite.server.outbox.last('marco@pizzeria.test'))!.subject).toBe('Reimposta la password Pizzeria Da Romolo');
  });

  it('a name and e-mail are edited: the login takes the new e-mail, the register lists old → new, a taken e-mail or a stale version is refused', async () => {
    const created = await suite.owner.post('/api/v1/admin/staff', { name: 'Anna Forno', email: 'anna@pizzeria.test' });
    const { id, version } = created.body.member;
    await choosePassword('anna@pizzeria.test', 'Capricciosa-al-forno-4');

    const saved = await suite.owner.put(`/api/v1/admin/staff/${id}/details`, {
      name: 'Anna Fornaia',
      email: ' Anna.F@Pizzeria.test ',
      version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Account salvato.', member: { name: 'Anna Fornaia', email: 'anna.f@pizzeria.test' } });
    expect((await suite.owner.get(`/api/v1/admin/staff/${id}`)).body.member).toMatchObject({ name: 'Anna Fornaia', version: version + 1 });
    expect((await suite.visitor().post('/api/login', { email: 'anna.f@pizzeria.test', password: 'Capricciosa-al-forno-4' })).status).toBe(
      200,
    );
    expect((await suite.visitor().post('/api/login', { email: 'anna@pizzeria.test', password: 'Capricciosa-al-forno-4' })).status).toBe(
      422,
    );

    const register = await suite.owner.get('/api/v1/admin/audit?entity=staff');
    expect(register.body.entries[0]).toMatchObject({
      action: 'update',
      label: 'Anna Fornaia',
      before: { nome: 'Anna Forno', email: 'anna@pizzeria.test' },
      after: { nome: 'Anna Fornaia', email: 'anna.f@pizzeria.test' },
    });

    const taken = await suite.owner.put(`/api/v1/admin/staff/${id}/details`, {
      name: 'Anna',
      email: 'lucia@pizzeria.test',
      version: version + 1,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['Questo indirizzo email è già registrato.'] });
    const stale = await suite.owner.put(`/api/v1/admin/staff/${id}/details`, { name: 'Anna', email: 'anna@pizzeria.test', version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'record.stale', current: { name: 'Anna Fornaia' } });
  });

  it('the last active admin cannot be disabled; a stale version is refused', async () => {
    const others = ((await suite.owner.get('/api/v1/admin/staff')).body.items as { id: number; version: number; active: boolean }[]).filter(
      (m) => m.id !== suite.ownerId && m.active,
    );
    for (const other of others) await suite.owner.put(`/api/v1/admin/staff/${other.id}`, { active: false, version: other.version });
    const me = (await suite.owner.get('/api/v1/admin/staff')).body.items.find((m: { id: number }) => m.id === suite.ownerId);
    const refused = await suite.owner.put(`/api/v1/admin/staff/${suite.ownerId}`, { active: false, version: me.version });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'staff.last_admin', message: 'Non puoi disattivare l’ultimo amministratore attivo.' });
    expect((await suite.owner.get('/api/v1/admin/staff')).status).toBe(200);

    const stale = await suite.owner.put(`/api/v1/admin/staff/${others[0]!.id}`, { active: true, version: others[0]!.version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('record.stale');
  });
});
