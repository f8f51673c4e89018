/**
 * Issue 19: three server processes on one PostgreSQL behind HAProxy with deploy/haproxy.cfg
 * (scripts/cluster.ts). Through the balancer, as customers and staff reach them: capacity, login
 * limits and menu prices hold across processes, the cassa hears every process (orders and catalogue
 * changes), and a process killed or stopped mid-evening loses nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, DRAIN_MS, startCluster, type Cluster, type ClusterNode } from '../../scripts/cluster';
import { ApiClient, openEventStream, openTrackingStream, type ApiResponse } from '../server/harness';

let cluster: Cluster;
let token: string;
let adminId: number;

beforeAll(async () => {
  cluster = await startCluster({ processes: 3, env: { SCRYPT_COST: '1024' } });
  token = await adminToken(cluster.url);
  adminId = (await cluster.query<{ id: number }>("select id from users where role_name = 'admin'"))[0]!.id;
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  // Nothing it started outlives it.
  for (const node of cluster?.nodes ?? []) expect(node.child.exitCode !== null || node.child.signalCode !== null).toBe(true);
}, 60_000);

/** The staff account (verified, so it may also order online) speaking to `url`. */
function staff(url: string): ApiClient {
  const client = new ApiClient(url);
  client.token = token;
  return client;
}

const productId = async (name: string) => (await cluster.query<{ id: number }>('select id from products where name = $1', [name]))[0]!.id;

const checkoutBody = (product: number, fascia: string) => ({
  data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Rossi', telefono: '3331234567', fascia },
  cart: [{ id: product, qty: 1 }],
});

/** Drinks take no room in the oven: these checkouts never meet a slot's capacity. */
const drink = () => productId('Acqua naturale 50 cl');

/**
 * A checkout as the browser sends it, retried with the same Idempotency-Key on a network error or a
 * 5xx as a customer's retry would be: the answer it finally got, and how many tries it took.
 */
async function retriedCheckout(client: ApiClient, body: unknown, key: string): Promise<{ response: ApiResponse; tries: number }> {
  for (let tries = 1; ; tries++) {
    try {
      const response = await client.post('/api/v1/ecommerce/checkout', body, { headers: { 'idempotency-key': key } });
      if (response.status < 500 || tries >= 20) return { response, tries };
    } catch (error) {
      if (tries >= 20) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ordersWithKeys = (prefix: string) =>
  cluster.query<{ id: number; idempotency_key: string }>('select id, idempotency_key from orders where idempotency_key like $1', [
    `${adminId}:${prefix}%`,
  ]);

/** Requests HAProxy has sent each process so far. */
const sentPerNode = async () => new Map([...(await cluster.balancer())].map(([name, server]) => [name, server.sent]));

describe('three processes behind HAProxy on one PostgreSQL', () => {
  it('50 parallel checkouts into a slot of capacity 10: exactly 10 stored, the other 40 told the slot is full', async () => {
    const client = staff(cluster.url);
    await client.get('/api/csrf-cookie');
    const margherita = await productId('Margherita');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.post('/api/v1/ecommerce/checkout', checkoutBody(margherita, '21:00'))),
    );

    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(refused.map(() => 409));
    for (const answer of refused) {
      expect(answer.body.code).toBe('slot.full');
      expect(answer.body.message).toBe("La fascia delle 21:00 non ha più posto per il tuo ordine: scegline un'altra o chiamaci.");
    }
    const [stored] = await cluster.query<{ n: string }>("select count(*) as n from orders where delivery_time = '21:00'");
    expect(Number(stored!.n)).toBe(10);
  });

  it('60 simultaneous wrong logins for one account, spread over the processes: at most 5 checked, the rest 429 with Retry-After', async () => {
    const before = await sentPerNode();
    // Half of them name another address of their own: HAProxy drops it, the limit counts the real one.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        new ApiClient(cluster.url).post(
          '/api/login',
          { email: 'nessuno@example.it', password: 'Sbagliata-123' },
          { headers: i % 2 ? { 'x-forwarded-for': `10.0.${i}.1` } : {} },
        ),
      ),
    );
    const after = await sentPerNode();
    for (const node of cluster.nodes) expect(after.get(node.name)! - before.get(node.name)!).toBeGreaterThan(0);

    const checked = answers.filter((a) => a.status !== 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(5);
    for (const answer of checked) expect(answer.status).toBe(422);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.body.message).toMatch(/^Troppi tentativi di accesso\. Riprova tra /);
    }
  });

  it('a price change made through one process is what the other two answer within a second', async () => {
    const [first, ...others] = cluster.nodes as [ClusterNode, ...ClusterNode[]];
    const menuPrices = async (node: ClusterNode) => {
      const webapp = await new ApiClient(node.url).get('/api/v1/ecommerce/webapp');
      expect(webapp.status).toBe(200);
      return new Map((webapp.body.products as { id: number; price: number }[]).map((p) => [p.id, p.price]));
    };
    const [bianche] = await cluster.query<{ id: number }>("select id from categories where name = 'Pizze Bianche'");
    const request = { category_ids: [bianche!.id], mode: 'euro', amount: '1,00' };
    const owner = staff(first.url);
    const preview = await owner.post('/api/v1/admin/prices/preview', request);
    expect(preview.status).toBe(200);
    const items = preview.body.items as { id: number; version: number; old_price: number; new_price: number }[];
    expect(items.length).toBeGreaterThan(0);
    // The other two have the menu as it was in their caches.
    for (const node of others) {
      const shown = await menuPrices(node);
      for (const item of items) expect(shown.get(item.id)).toBe(item.old_price);
    }

    const applied = await owner.post('/api/v1/admin/prices/apply', {
      ...request,
      products: items.map(({ id, version }) => ({ id, version })),
    });
    expect(applied.status).toBe(200);
    const changedAt = Date.now();
    const expected = new Map(items.map((item) => [item.id, item.new_price]));
    await Promise.all(
      others.map(async (node) => {
        let shown = await menuPrices(node);
        while (items.some((item) => shown.get(item.id) !== expected.get(item.id)) && Date.now() - changedAt < 1_000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          shown = await menuPrices(node);
        }
        expect(new Map(items.map((item) => [item.id, shown.get(item.id)])), `${node.name} after ${Date.now() - changedAt} ms`).toEqual(
          expected,
        );
      }),
    );
  });

  it('the cassa stream, held through the balancer by one process, hears orders made on every process', async () => {
    const stream = await openEventStream(cluster.url, token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Passed through as sent: never compressed, which would hold events in a buffer.
    expect(stream.headers.get('content-encoding')).toBeNull();
    const water = await drink();
    const placed: number[] = [];
    for (const node of cluster.nodes) {
      const answer = await staff(node.url).post('/api/v1/ecommerce/checkout', checkoutBody(water, '20:00'));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      placed.push(answer.body.order.id);
    }
    const heard = await stream.next(3, 5_000);
    expect(heard.map((event) => event.data)).toEqual(placed.map((id) => expect.objectContaining({ order_id: id, kind: 'created' })));
    stream.close();
  });

  it('a sold-out mark made through each process, and undone, reaches within 2 s the cassa stream held through the balancer', async () => {
    const stream = await openEventStream(cluster.url, token);
    const pinsa = await productId('Pinsa cicoria e salsiccia');
    // Marked, undone, marked through the three processes in turn, then undone through the first.
    for (const [turn, node] of [...cluster.nodes, cluster.nodes[0]!].entries()) {
      const owner = staff(node.url);
      const row = ((await owner.get('/api/v1/admin/sold-out')).body.items as { id: number; version: number }[]).find(
        (i) => i.id === pinsa,
      )!;
      const marked = await owner.post(`/api/v1/admin/sold-out/${pinsa}`, { sold_out: turn % 2 === 0, version: row.version });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      const [heard] = await stream.next(1, 2_000, 'catalogue');
      const [stored] = await cluster.query<{ value: string }>("select value from meta where key = 'catalogue_version'");
      expect(heard, `through ${node.name}`).toEqual({ id: null, event: 'catalogue', data: Number(stored!.value) });
    }
    stream.close();
  });

  it("a tracked order's stream, held through the balancer, hears within 2 s the cassa's taps made on every process, and ends when it is picked up", async () => {
    const placed = await staff(cluster.url).post('/api/v1/ecommerce/checkout', checkoutBody(await drink(), '21:00'));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order.id as number;
    const stream = await openTrackingStream(cluster.url, String(placed.body.tracking_url).replace('/ordine/', ''));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-encoding')).toBeNull();
    for (const node of cluster.nodes) {
      const tapped = performance.now();
      expect((await staff(node.url).post(`/api/v1/ecommerce/cassa/orders/${order}/progress`, { direction: 'next' })).status).toBe(200);
      let [heard] = await stream.next(1, 2_000);
      // The order's own 'created', committed before the stream opened, may come first once: its NOTIFY can
      // reach the process after the stream subscribed (the page reloads the order on any event).
      if ((heard!.data as { kind: string }).kind === 'created') [heard] = await stream.next(1, 2_000);
      expect(heard!.data).toEqual({ order_id: order, kind: 'progress', delivery_date: placed.body.order.delivery_date });
      expect(performance.now() - tapped).toBeLessThan(2_000);
    }
    // 'Ricevuto' → 'In preparazione' → 'Pronto per il ritiro' → 'Ritirato': closed, the stream ends.
    expect(await stream.ended()).toBe(true);
  });

  it('a process killed with SIGKILL during 200 retried checkouts: each acknowledged order stored once, none lost, the balancer stops sending to it', async () => {
    const victim = cluster.nodes[1]!;
    const survivors = cluster.nodes.filter((node) => node !== victim);
    const client = staff(cluster.url);
    await client.get('/api/csrf-cookie');
    const body = checkoutBody(await drink(), '20:30');
    const keys = Array.from({ length: 200 }, (_, i) => `kill-${i}-${randomUUID()}`);
    const acknowledged = new Map<string, number>();
    let retried = 0;
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++]!;
        const { response, tries } = await retriedCheckout(client, body, key);
        expect([200, 201], JSON.stringify(response.body)).toContain(response.status);
        acknowledged.set(key, response.body.order.id);
        retried += tries - 1;
        if (acknowledged.size === 50) process.kill(victim.child.pid!, 'SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));

    expect((await victim.exit).signal).toBe('SIGKILL');
    expect(acknowledged.size).toBe(200);
    const stored = await ordersWithKeys('kill-');
    expect(stored).toHaveLength(200);
    expect(new Map(stored.map((row) => [row.idempotency_key.slice(`${adminId}:`.length), row.id]))).toEqual(acknowledged);
    console.log(`SIGKILL during 200 checkouts: ${retried} client retries`);

    await cluster.waitForBalancer(victim.name, 'DOWN', 5_000);
    const before = await sentPerNode();
    const answers = await Promise.all(Array.from({ length: 30 }, () => new ApiClient(cluster.url).get('/api/v1/ecommerce/webapp')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const after = await sentPerNode();
    expect(after.get(victim.name)).toBe(before.get(victim.name));
    expect(survivors.reduce((sum, node) => sum + after.get(node.name)! - before.get(node.name)!, 0)).toBe(30);
  });

  it('a process sent SIGTERM under load: it drains and exits, and no request fails', async () => {
    const leaving = cluster.nodes[2]!;
    const client = staff(cluster.url);
    await client.get('/api/csrf-cookie');
    const body = checkoutBody(await drink(), '20:45');
    const statuses: number[] = [];
    const failures: string[] = [];
    let gone = false;
    let count = 0;
    const worker = async () => {
      while (!gone) {
        const n = count++;
        try {
          const answer =
            n % 2
              ? await client.get('/api/v1/ecommerce/webapp')
              : await client.post('/api/v1/ecommerce/checkout', body, { headers: { 'idempotency-key': `term-${n}-${randomUUID()}` } });
          statuses.push(answer.status);
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, worker));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signalledAt = Date.now();
    process.kill(leaving.child.pid!, 'SIGTERM');
    const exit = await Promise.race([
      leaving.exit,
      new Promise((resolve) => setTimeout(() => resolve('still running'), DRAIN_MS + 15_000)),
    ]);
    const exitedAfter = Date.now() - signalledAt;
    await new Promise((resolve) => setTimeout(resolve, 500));
    gone = true;
    await load;

    expect(failures).toEqual([]);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((status) => status >= 300)).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    // It kept serving through the drain delay, while HAProxy took it out.
    expect(exitedAfter).toBeGreaterThanOrEqual(DRAIN_MS);
    const placed = statuses.filter((status) => status === 201).length;
    expect(await ordersWithKeys('term-')).toHaveLength(placed);
    await cluster.waitForBalancer(leaving.name, 'DOWN', 5_000);
  });
});
