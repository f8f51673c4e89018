/**
 * A staff stream lives as long as its session: a logout, 'Disattiva' or the session's expiry closes it,
 * and one session holds at most STREAMS_PER_SESSION streams (the oldest closed past it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_SESSION } from '../../server/auth/session-streams';
import { ApiClient, counterOrder, loggedInClient, openEventStream, productId, startTestServer, type TestServer } from './harness';

let server: TestServer;
let owner: ApiClient;

beforeAll(async () => {
  // The default heartbeat (20 s): a stream that ends within a second was closed by the event itself.
  server = await startTestServer({ settings: { slot_capacity: '1000' } });
  owner = (await loggedInClient(server, { role: 'admin', name: 'Titolare' })).client;
});
afterAll(() => server?.close());

/** A phone order stored by `staff`: an event every stream of the cassa hears. */
async function storeOrder(staff: ApiClient): Promise<number> {
  const response = await staff.post('/api/v1/ecommerce/cassa/orders/store', counterOrder(await productId(server, 'Margherita')));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order.id;
}

describe('a staff stream bound to its session', () => {
  it('ends within a second of its logout, and the logged-out token opens no other', async () => {
    const { client: staff } = await loggedInClient(server, { role: 'admin' });
    const stream = await openEventStream(server.baseUrl, staff.token!);
    await storeOrder(owner);
    await stream.next();
    expect((await staff.post('/api/logout')).status).toBe(200);
    expect(await stream.ended(1000)).toBe(true);
    expect((await openEventStream(server.baseUrl, staff.token!)).status).toBe(401);
  });

  it("ends within a second of 'Disattiva', while the owner's own stream goes on", async () => {
    const { client: staff, id } = await loggedInClient(server, { role: 'admin', name: 'Cassiere a termine' });
    const theirs = await openEventStream(server.baseUrl, staff.token!);
    const mine = await openEventStream(server.baseUrl, owner.token!);
    const members = (await owner.get('/api/v1/admin/staff')).body.items as { id: number; version: number }[];
    const member = members.find((m) => m.id === id)!;
    const disabled = await owner.put(`/api/v1/admin/staff/${id}`, { active: false, version: member.version });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(await theirs.ended(1000)).toBe(true);
    const order = await storeOrder(owner);
    const [heard] = await mine.next();
    expect(heard!.data.order_id).toBe(order);
    mine.close();
  });

  it("ends within a second on a password change made from another of the user's sessions, whose own stream goes on", async () => {
    const { client: here, email, password } = await loggedInClient(server, { role: 'admin' });
    const elsewhere = new ApiClient(server.baseUrl);
    elsewhere.token = (await elsewhere.post('/api/login', { email, password })).body.token;
    const old = await openEventStream(server.baseUrl, elsewhere.token!);
    const own = await openEventStream(server.baseUrl, here.token!);
    const changed = await here.post('/api/change-password', {
      current_password: password,
      password: 'Un-altra-password-9',
      password_confirmation: 'Un-altra-password-9',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await old.ended(1000)).toBe(true);
    const order = await storeOrder(owner);
    expect((await own.next())[0]!.data.order_id).toBe(order);
    own.close();
  });

  it(`holds at most ${STREAMS_PER_SESSION} streams per session: a new one closes the oldest, the others go on`, async () => {
    const { client: staff } = await loggedInClient(server, { role: 'admin' });
    const streams = [];
    for (let i = 0; i < STREAMS_PER_SESSION; i++) streams.push(await openEventStream(server.baseUrl, staff.token!));
    const newest = await openEventStream(server.baseUrl, staff.token!);
    expect(newest.status).toBe(200);
    expect(await streams[0]!.ended(1000)).toBe(true);
    const order = await storeOrder(owner);
    for (const open of [...streams.slice(1), newest]) {
      const [heard] = await open.next();
      expect(heard!.data.order_id).toBe(order);
      open.close();
    }
  });
});

describe('an expired session', () => {
  it('ends its stream at the next heartbeat', async () => {
    const own = await startTestServer({ app: { streamHeartbeatMs: 200 } });
    try {
      const { client: staff } = await loggedInClient(own, { role: 'admin' });
      const stream = await openEventStream(own.baseUrl, staff.token!);
      // Heartbeats pass while the session holds.
      await expect(stream.ended(600)).rejects.toThrow('timed out');
      own.clock.advance(12 * 60 * 60 * 1000);
      expect(await stream.ended(1000)).toBe(true);
    } finally {
      await own.close();
    }
  });
});
