/**
 * Checkouts under load, shared by bench:checkout and bench:cluster: the request autocannon repeats,
 * a timed fixed-amount run, and the orders counted afterwards (every 2xx must be exactly one order).
 */
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** Where checkouts go: a server (or the balancer), a customer's bearer token and the product ordered. */
export interface CheckoutTarget {
  url: string;
  token?: string;
  product?: number;
}

export async function checkoutOptions(server: CheckoutTarget): Promise<autocannon.Options> {
  const csrf = await fetch(`${server.url}/api/csrf-cookie`, { headers: { authorization: `Bearer ${server.token}` } });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  return {
    url: `${server.url}/api/v1/ecommerce/checkout`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${server.token}`,
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({
      data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Rossi', telefono: '3331234567', fascia: '21:00' },
      cart: [{ id: server.product, qty: 2 }],
    }),
  };
}

/**
 * A fixed-amount run, timed from its start to its last answer: autocannon itself reports only at its
 * next one-second tick, which would count up to a second of idling in the orders per second.
 */
export function timedRun(options: autocannon.Options): Promise<{ result: autocannon.Result; seconds: number }> {
  const started = performance.now();
  let last = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ result, seconds: (last - started) / 1000 }),
    );
    instance.on('response', () => (last = performance.now()));
  });
}

const COUNT_ORDERS = 'select count(*) as n, count(distinct order_num) as nums from orders';

export async function countOrders(database: string): Promise<{ n: number; nums: number }> {
  if (database.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    const { rows } = await client.query<{ n: string; nums: string }>(COUNT_ORDERS);
    await client.end();
    return { n: Number(rows[0]!.n), nums: Number(rows[0]!.nums) };
  }
  const db = new SQLite(database, { readonly: true });
  const row = db.prepare(COUNT_ORDERS).get() as { n: number; nums: number };
  db.close();
  return row;
}
