/**
 * Checkout through HAProxy (deploy/haproxy.cfg) in front of 1, 2 and 3 server processes on one
 * PostgreSQL, beside one process spoken to directly, in one run (scripts/cluster.ts starts them all):
 *
 *   bash scripts/with-postgres.sh npm run bench:cluster      (BENCH_ORDERS=3000 BENCH_CONNECTIONS=50)
 *
 * The processes taken out of rotation stay up, idle. On a machine of few cores the figures show what
 * the balancer and the extra processes cost, not a speed-up. Afterwards every 2xx must be exactly one
 * order in the database (none lost, none twice, no order number used twice).
 */
import autocannon from 'autocannon';
import { adminToken, startCluster } from '../scripts/cluster';
import { checkoutOptions, countOrders, timedRun, type CheckoutTarget } from './checkout-load';

const ORDERS = Number(process.env.BENCH_ORDERS) || 3000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 50;
const WARMUP_ORDERS = 500;
const PROCESSES = 3;

interface Row {
  setup: string;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  /** non-2xx answers, socket errors and timeouts, warm-up included */
  errors: number;
  /** 2xx answers, warm-up included: each must be one order */
  acknowledged: number;
}

async function measure(setup: string, target: CheckoutTarget): Promise<Row> {
  const warm = await autocannon({ ...(await checkoutOptions(target)), connections: CONNECTIONS, amount: WARMUP_ORDERS });
  const { result, seconds } = await timedRun({ ...(await checkoutOptions(target)), connections: CONNECTIONS, amount: ORDERS });
  const row = {
    setup,
    ordersPerSecond: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts + warm.non2xx + warm.errors + warm.timeouts,
    acknowledged: result['2xx'] + warm['2xx'],
  };
  console.log(
    `${row.setup.padEnd(30)} ${row.ordersPerSecond.toFixed(0).padStart(7)} orders/s   p50 ${String(row.p50).padStart(4)} ms   p99 ${String(row.p99).padStart(4)} ms   errors ${row.errors}`,
  );
  return row;
}

const cluster = await startCluster({ processes: PROCESSES, settings: { slot_capacity: '1000000' } });
try {
  const token = await adminToken(cluster.url);
  const [margherita] = await cluster.query<{ id: number }>("select id from products where name = 'Margherita'");
  const product = margherita!.id;
  console.log(
    `Checkout on PostgreSQL, ${ORDERS} orders from ${CONNECTIONS} concurrent clients (loopback), each run after ${WARMUP_ORDERS} unmeasured\n`,
  );

  const rows: Row[] = [await measure('1 process, direct (baseline)', { url: cluster.nodes[0]!.url, token, product })];
  for (const node of cluster.nodes.slice(1)) await cluster.setInRotation(node.name, false);
  for (const [index, node] of cluster.nodes.entries()) {
    if (index > 0) await cluster.setInRotation(node.name, true);
    rows.push(await measure(`HAProxy + ${index + 1} process${index ? 'es' : ''}`, { url: cluster.url, token, product }));
  }

  const baseline = rows[0]!.ordersPerSecond;
  console.log('\n| setup | orders/s | of direct | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.setup} | ${row.ordersPerSecond.toFixed(0)} | ${((row.ordersPerSecond / baseline) * 100).toFixed(0)} % | ${row.p50} | ${row.p99} | ${row.errors} |`,
    );
  }
  const stored = await countOrders(cluster.databaseUrl);
  const expected = rows.reduce((sum, row) => sum + row.acknowledged, 0);
  const lost = expected - stored.n;
  console.log(
    `\norders in the database ${stored.n}, answered 2xx ${expected}: lost ${Math.max(0, lost)}, extra ${Math.max(0, -lost)}, numbers used twice ${stored.n - stored.nums}`,
  );
  if (rows.some((row) => row.errors) || lost !== 0 || stored.n !== stored.nums) process.exitCode = 1;
} finally {
  await cluster.stop();
}
