/**
 * N server processes on one fresh PostgreSQL database behind HAProxy with deploy/haproxy.cfg: what
 * `npm run test:cluster` and `npm run bench:cluster` drive. `stop()` ends every process it started
 * (each in its own process group) and drops the database, whatever state they are in.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/cluster.ts 3     a cluster to try by hand (Ctrl-C stops it)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchDatabase } from '../bench/database';
import { ensureServerBuilt, SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS } from './build';
import { FIXED_NOW, freePort } from './real-server';

const ROOT = path.resolve(import.meta.dirname, '..');
export const HAPROXY = '/usr/sbin/haproxy';
export const HAPROXY_CONFIG = path.join(ROOT, 'deploy', 'haproxy.cfg');
/** How one server process starts: the compiled server, as `npm start` runs it. */
export const SERVER_COMMAND = [process.execPath, ...SERVER_NODE_FLAGS, SERVER_ENTRY];
export const ADMIN_EMAIL = 'cassa@pizzeria.test';
export const ADMIN_PASSWORD = 'Forno-a-legna-cluster-42';
/** Longer than HAProxy needs to see /readyz fail twice a second apart (deploy/haproxy.cfg). */
export const DRAIN_MS = 3_000;
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

export interface ClusterNode {
  /** HAProxy's name for it: node1, node2… */
  name: string;
  /** the process itself, bypassing the balancer */
  url: string;
  child: ChildProcess;
  output(): string;
  /** resolves once the process has exited */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** One server line of HAProxy's `show stat`. */
export interface BalancerServer {
  /** UP, DOWN, MAINT, "UP 1/2" while rising… */
  status: string;
  /** requests (sessions) HAProxy has sent it */
  sent: number;
}

export interface Cluster {
  /** the balancer: http://127.0.0.1:<port> */
  url: string;
  nodes: ClusterNode[];
  /** the fresh database the processes share */
  databaseUrl: string;
  /** per server name, as HAProxy sees it now */
  balancer(): Promise<Map<string, BalancerServer>>;
  /** waits until HAProxy reports `name` with a status starting with `status` */
  waitForBalancer(name: string, status: 'UP' | 'DOWN' | 'MAINT', timeoutMs?: number): Promise<void>;
  /** takes a process out of HAProxy's rotation (maintenance) or puts it back, as an operator would */
  setInRotation(name: string, inRotation: boolean): Promise<void>;
  query<R extends pg.QueryResultRow>(statement: string, values?: unknown[]): Promise<R[]>;
  haproxyOutput(): string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  processes: number;
  /** settings rows written before any request is served (e.g. slot_capacity) */
  settings?: Record<string, string>;
  /** added to every server process's environment */
  env?: Record<string, string>;
  /** the PostgreSQL server to create the database on; DATABASE_URL by default */
  postgres?: string;
}

/** Every process group started and not yet seen to end: killed on exit if the caller never stopped them. */
const running = new Set<number>();
process.once('exit', () => {
  for (const group of running) killGroup(group, 'SIGKILL');
});

function killGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // already gone
  }
}

/** Starts `command` as the leader of a process group of its own, so a stop reaches whatever it spawns. */
function spawnGroup(command: string[], env: NodeJS.ProcessEnv) {
  let output = '';
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child.pid!);
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child.pid!);
      resolve({ code, signal });
    }),
  );
  return { child, output: () => output, exit };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM (a server drains first), SIGKILL if it is still there after the grace time. */
async function stopProcess(child: ChildProcess, exit: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  killGroup(child.pid!, 'SIGTERM');
  const done = await Promise.race([exit.then(() => true), pause(STOP_GRACE_MS).then(() => false)]);
  if (!done) {
    killGroup(child.pid!, 'SIGKILL');
    await exit;
  }
}

async function waitForReady(node: ClusterNode): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null) throw new Error(`${node.name} exited (${node.child.exitCode}):\n${node.output()}`);
    try {
      const response = await fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await pause(200);
  }
  throw new Error(`${node.name} not ready on ${node.url}/readyz within ${START_TIMEOUT_MS / 1000} s (last: ${last}):\n${node.output()}`);
}

/** One command on HAProxy's stats socket (management guide §9.3). */
function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const connection = net.createConnection(socket, () => connection.write(`${command}\n`));
    connection.on('data', (chunk) => (answer += chunk.toString()));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

async function balancerServers(socket: string): Promise<Map<string, BalancerServer>> {
  const [header = '', ...lines] = (await haproxyCommand(socket, 'show stat')).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const servers = new Map<string, BalancerServer>();
  for (const line of lines) {
    const cells = line.split(',');
    if (cells[at('pxname')] !== 'pizzeria_nodes' || ['FRONTEND', 'BACKEND'].includes(cells[at('svname')]!)) continue;
    servers.set(cells[at('svname')]!, { status: cells[at('status')]!, sent: Number(cells[at('stot')]) });
  }
  return servers;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const postgres = options.postgres ?? process.env.DATABASE_URL;
  if (!postgres?.startsWith('postgres'))
    throw new Error('The cluster runs on PostgreSQL: set DATABASE_URL=postgres://… (scripts/with-postgres.sh)');
  if (!fs.existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing (Debian: apt-get install haproxy)`);

  await ensureServerBuilt();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-cluster-'));
  const database = await benchDatabase(tmp, postgres, 'pizzeria_cluster');
  const nodes: ClusterNode[] = [];
  let haproxy: ReturnType<typeof spawnGroup> | undefined;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const socket = path.join(tmp, 'haproxy.sock');

  const stop = async () => {
    if (haproxy) await stopProcess(haproxy.child, haproxy.exit);
    await Promise.all(nodes.map((node) => stopProcess(node.child, node.exit)));
    await pool.end();
    await database.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };

  try {
    const balancerPort = await freePort();
    const url = `http://127.0.0.1:${balancerPort}`;
    const ports: number[] = [];
    while (ports.length < options.processes) {
      const port = await freePort();
      if (port !== balancerPort && !ports.includes(port)) ports.push(port);
    }
    const startNode = (port: number, index: number): ClusterNode => {
      const spawned = spawnGroup(SERVER_COMMAND, {
        ...process.env,
        ...SERVER_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        DATABASE_URL: database.url,
        // Shared, as an NFS mount or object store would be for processes on several hosts.
        OUTBOX_DIR: path.join(tmp, 'outbox'),
        MEDIA_DIR: path.join(tmp, 'media'),
        // No front end: the cluster's tests and bench speak to the API.
        FRONTEND_DIR: path.join(tmp, 'no-frontend'),
        SKIP_FRONTEND_BUILD: '1',
        PIZZERIA_NOW: FIXED_NOW,
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SEED_DEMO_ORDERS: '0',
        TRUST_PROXY: '127.0.0.1',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        ...options.env,
      });
      return { name: `node${index + 1}`, url: `http://127.0.0.1:${port}`, ...spawned };
    };

    // The first process migrates and seeds alone; the settings are written before anything is
    // cached; the others then start together.
    nodes.push(startNode(ports[0]!, 0));
    await waitForReady(nodes[0]!);
    for (const [key, value] of Object.entries(options.settings ?? {})) {
      await pool.query('insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = $2', [key, value]);
    }
    nodes.push(...ports.slice(1).map((port, i) => startNode(port, i + 1)));
    await Promise.all(nodes.slice(1).map(waitForReady));

    const haproxyEnv: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PIZZERIA_')));
    haproxy = spawnGroup([HAPROXY, '-db', '-f', HAPROXY_CONFIG], {
      ...haproxyEnv,
      PIZZERIA_LISTEN: `127.0.0.1:${balancerPort}`,
      PIZZERIA_HAPROXY_SOCKET: socket,
      PIZZERIA_HAPROXY_LOG: 'stdout',
      ...Object.fromEntries(ports.map((port, i) => [`PIZZERIA_NODE_${i + 1}`, `127.0.0.1:${port}`])),
    });
    const haproxyOutput = haproxy.output;

    const cluster: Cluster = {
      url,
      nodes,
      databaseUrl: database.url,
      balancer: () => balancerServers(socket),
      async waitForBalancer(name, status, timeoutMs = 10_000) {
        const deadline = Date.now() + timeoutMs;
        let seen = 'no answer';
        while (Date.now() < deadline) {
          if (haproxy!.child.exitCode !== null) throw new Error(`HAProxy exited:\n${haproxyOutput()}`);
          try {
            seen = (await balancerServers(socket)).get(name)?.status ?? 'absent';
            if (seen.startsWith(status) && !seen.startsWith(`${status} `)) return;
          } catch (error) {
            seen = (error as Error).message;
          }
          await pause(100);
        }
        throw new Error(`HAProxy did not report ${name} ${status} within ${timeoutMs} ms (last: ${seen})\n${haproxyOutput()}`);
      },
      async setInRotation(name, inRotation) {
        await haproxyCommand(socket, `${inRotation ? 'enable' : 'disable'} server pizzeria_nodes/${name}`);
        await cluster.waitForBalancer(name, inRotation ? 'UP' : 'MAINT');
      },
      query: async (statement, values) => (await pool.query(statement, values)).rows,
      haproxyOutput,
      stop,
    };
    for (const node of nodes) await cluster.waitForBalancer(node.name, 'UP');
    return cluster;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Logs in through `url` as the cluster's staff account (with the XSRF pair a browser holds): its bearer token. */
export async function adminToken(url: string): Promise<string> {
  const csrf = await fetch(`${url}/api/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 200 || !body.token) throw new Error(`staff login failed: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cluster = await startCluster({ processes: Number(process.argv[2]) || 3 });
  console.log(`HAProxy on ${cluster.url} in front of ${cluster.nodes.map((n) => `${n.name} ${n.url}`).join(', ')}`);
  console.log(`Staff: ${ADMIN_EMAIL} / ${ADMIN_PASSWORD}. Ctrl-C stops everything.`);
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
