/**
 * Staff roles (issue 32): 'Titolare' (owner) and 'Cassa' (cashier). A cashier reaches the cassa and
 * today's sold-outs, and gets 403 in Italian everywhere else in the back office; the role is set in
 * 'Staff', audited, and the last active owner keeps it, even when two owners demote each other at once.
 * (authorization.test.ts sweeps every operation of the contract with a cashier's session.)
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrations';
import { adminSuite, freshDatabase, loggedInClient, type AdminSuite } from './harness';

const OWNER_ONLY = 'Accesso riservato al titolare.';

const activeOwners = async (suite: AdminSuite) =>
  Number(
    (
      await suite.server.handle.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('staff_role', '=', 'owner')
        .where('disabled_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

const memberOf = async (suite: AdminSuite, id: number) => (await suite.owner.get(`/api/v1/admin/staff/${id}`)).body.member;

describe('a cashier', () => {
  const suite = adminSuite();

  it('reaches the cassa and the sold-outs; every other back-office call is 403 in Italian; /api/user says which role', async () => {
    const cashier = await loggedInClient(suite.server, { role: 'admin', staffRole: 'cashier', name: 'Lucia Banco' });
    expect((await cashier.client.get('/api/v1/ecommerce/cassa/init')).status).toBe(200);
    expect((await cashier.client.get('/api/v1/ecommerce/cassa/orders')).status).toBe(200);
    const soldOut = await cashier.client.get('/api/v1/admin/sold-out');
    expect(soldOut.status).toBe(200);
    expect(soldOut.body.items.length).toBeGreaterThan(0);

    for (const path of ['/api/v1/admin/menu', '/api/v1/admin/staff', '/api/v1/admin/audit', '/api/v1/admin/discount-codes']) {
      const refused = await cashier.client.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body).toMatchObject({ code: 'forbidden', message: OWNER_ONLY });
    }
    const price = await cashier.client.post('/api/v1/admin/prices/apply', {});
    expect(price.status).toBe(403);
    expect(price.body.message).toBe(OWNER_ONLY);

    expect((await cashier.client.get('/api/user')).body).toMatchObject({ role_name: 'admin', staff_role: 'cashier' });
    expect((await suite.owner.get('/api/user')).body).toMatchObject({ role_name: 'admin', staff_role: 'owner' });
  });
});

describe("roles in 'Staff'", () => {
  const suite = adminSuite();

  it('a new member gets the chosen role (a cashier when none is said); the register names it; a change applies at the next call', async () => {
    const created = await suite.owner.post('/api/v1/admin/staff', { name: 'Paolo Cassa', email: 'paolo@pizzeria.test', role: 'cashier' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.member).toMatchObject({ name: 'Paolo Cassa', role: 'cashier', active: true });
    const unsaid = await suite.owner.post('/api/v1/admin/staff', { name: 'Rita Senza', email: 'rita@pizzeria.test' });
    expect(unsaid.body.member.role).toBe('cashier');
    const owner = await suite.owner.post('/api/v1/admin/staff', { name: 'Vera Socia', email: 'vera@pizzeria.test', role: 'owner' });
    expect(owner.body.member.role).toBe('owner');
    const listed = (await suite.owner.get('/api/v1/admin/staff')).body.items.find((m: { id: number }) => m.id === owner.body.member.id);
    expect(listed).toMatchObject({ role: 'owner' });

    const register = await suite.owner.get('/api/v1/admin/audit?entity=staff');
    expect(register.body.entries.find((e: { label: string }) => e.label === 'Paolo Cassa')).toMatchObject({
      action: 'create',
      after: { nome: 'Paolo Cassa', email: 'paolo@pizzeria.test', ruolo: 'Cassa' },
    });

    // A signed-in cashier made an owner is let in at the next call, and back again.
    const member = await loggedInClient(suite.server, { role: 'admin', staffRole: 'cashier', name: 'Nino Turno' });
    expect((await member.client.get('/api/v1/admin/menu')).status).toBe(403);
    const { version, email } = await memberOf(suite, member.id);
    const promoted = await suite.owner.put(`/api/v1/admin/staff/${member.id}/details`, {
      name: 'Nino Turno',
      email,
      role: 'owner',
      version,
    });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.member.role).toBe('owner');
    expect((await member.client.get('/api/v1/admin/menu')).status).toBe(200);
    const change = (await suite.owner.get('/api/v1/admin/audit?entity=staff')).body.entries[0];
    expect(change).toMatchObject({ action: 'update', label: 'Nino Turno', before: { ruolo: 'Cassa' }, after: { ruolo: 'Titolare' } });

    // Name and e-mail alone leave the role as it is.
    const renamed = await suite.owner.put(`/api/v1/admin/staff/${member.id}/details`, { name: 'Nino', email, version: version + 1 });
    expect(renamed.body.member).toMatchObject({ name: 'Nino', role: 'owner' });
    const demoted = await suite.owner.put(`/api/v1/admin/staff/${member.id}/details`, {
      name: 'Nino',
      email,
      role: 'cashier',
      version: version + 2,
    });
    expect(demoted.body.member.role).toBe('cashier');
    expect((await member.client.get('/api/v1/admin/menu')).status).toBe(403);
  });

  it('refuses a role that is not one, by its Italian name, storing nothing', async () => {
    const refused = await suite.owner.post('/api/v1/admin/staff', { name: 'Ugo Capo', email: 'ugo@pizzeria.test', role: 'padrone' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['role']);
    expect(refused.body.errors.role[0]).toContain('ruolo');
    expect((await suite.owner.get('/api/v1/admin/staff')).body.items.some((m: { email: string }) => m.email === 'ugo@pizzeria.test')).toBe(
      false,
    );
  });

  it('the last active owner can be neither made a cashier nor disabled: 409 in Italian, nothing changed', async () => {
    const staff = (await suite.owner.get('/api/v1/admin/staff')).body.items as {
      id: number;
      version: number;
      role: string;
      active: boolean;
    }[];
    for (const other of staff.filter((m) => m.id !== suite.ownerId && m.active && m.role === 'owner')) {
      const { email, name } = await memberOf(suite, other.id);
      await suite.owner.put(`/api/v1/admin/staff/${other.id}/details`, { name, email, role: 'cashier', version: other.version });
    }
    expect(await activeOwners(suite)).toBe(1);

    const me = await memberOf(suite, suite.ownerId);
    const demote = await suite.owner.put(`/api/v1/admin/staff/${suite.ownerId}/details`, {
      name: me.name,
      email: me.email,
      role: 'cashier',
      version: me.version,
    });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({
      code: 'staff.last_admin',
      message: 'Serve almeno un titolare attivo: questo account resta Titolare.',
    });
    const disable = await suite.owner.put(`/api/v1/admin/staff/${suite.ownerId}`, { active: false, version: me.version });
    expect(disable.status).toBe(409);
    expect(disable.body.code).toBe('staff.last_admin');
    expect(await memberOf(suite, suite.ownerId)).toMatchObject({ role: 'owner', active: true, version: me.version });
    expect(await activeOwners(suite)).toBe(1);

    // A cashier can still be disabled: only owners are counted.
    const cashier = staff.find((m) => m.role === 'cashier' && m.active)!;
    expect((await suite.owner.put(`/api/v1/admin/staff/${cashier.id}`, { active: false, version: cashier.version })).status).toBe(200);
  });
});

describe('two owners demoting each other at the same moment', () => {
  const suite = adminSuite();

  it('one of them wins, the other is refused: an active owner always remains', async () => {
    for (let round = 0; round < 3; round += 1) {
      const other = await loggedInClient(suite.server, { role: 'admin', name: `Socio ${round}` });
      // Only the suite's owner and this partner are active owners.
      const others = (await suite.owner.get('/api/v1/admin/staff')).body.items as {
        id: number;
        version: number;
        role: string;
        active: boolean;
      }[];
      for (const stale of others.filter((m) => ![suite.ownerId, other.id].includes(m.id) && m.active)) {
        await suite.owner.put(`/api/v1/admin/staff/${stale.id}`, { active: false, version: stale.version });
      }
      expect(await activeOwners(suite)).toBe(2);
      const [mine, theirs] = [await memberOf(suite, suite.ownerId), await memberOf(suite, other.id)];
      // Both requests already past the guard (both still owners), their changes running together.
      const { staff } = suite.server.services;
      const answers = await Promise.allSettled([
        staff.update({ id: suite.ownerId, name: mine.name }, other.id, { ...theirs, role: 'cashier' }),
        staff.update({ id: other.id, name: theirs.name }, suite.ownerId, { ...mine, role: 'cashier' }),
      ]);
      const refused = answers.filter((a) => a.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ kind: 'conflict', code: 'staff.last_admin' });
      expect(await activeOwners(suite)).toBe(1);
      // The suite's owner must stay one for the next round.
      if (answers[1]!.status === 'fulfilled') {
        // Demoted, the suite's owner reads 'Staff' no more: the partner, now the owner, restores her.
        const back = (await other.client.get(`/api/v1/admin/staff/${suite.ownerId}`)).body.member;
        await other.client.put(`/api/v1/admin/staff/${suite.ownerId}/details`, {
          name: back.name,
          email: back.email,
          role: 'owner',
          version: back.version,
        });
      }
    }
  });
});

describe('upgrading a shop whose staff had no roles', () => {
  it('makes every existing staff account an owner, customers none', async () => {
    const { handle, drop } = await freshDatabase();
    try {
      await migrate(handle.db, handle.dialect, '2026_12_11_0018_order_tracking');
      const now = new Date().toISOString();
      await sql`insert into users (name, email, password_hash, role_name, email_verified_at, created_at)
        values ('Romolo', 'romolo@example.it', 'x', 'admin', ${now}, ${now}), ('Anna', 'anna@example.it', 'x', 'customer', ${now}, ${now}),
               ('Bruno', 'bruno@example.it', 'x', 'admin', ${now}, ${now})`.execute(handle.db);
      await migrate(handle.db, handle.dialect);
      const users = await handle.db.selectFrom('users').select(['name', 'staff_role']).orderBy('name').execute();
      expect(users).toEqual([
        { name: 'Anna', staff_role: null },
        { name: 'Bruno', staff_role: 'owner' },
        { name: 'Romolo', staff_role: 'owner' },
      ]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
