import net from 'node:net';
import path from 'node:path';
import { ROOT } from './root';

/** Everything the server reads from the environment, with defaults that run the demo. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  smtpUrl: string | undefined;
  outboxDir: string;
  mailFrom: string;
  appUrl: string;
  /** fixed instant for demos and e2e runs ("2026-11-20T19:00:00+01:00"); the real clock when absent */
  fixedNow: string | undefined;
  adminEmail: string;
  /** the demo 'Cassa' account's e-mail, created on first start when CASHIER_PASSWORD is set */
  cashierEmail: string;
  frontendDir: string;
  /** uploaded images (the back office's product photos), served at /media */
  mediaDir: string;
  seedDemoOrders: boolean;
  /** TRUST_PROXY=127.0.0.1 (or a comma-separated list of addresses/CIDRs) when a reverse proxy sits in front */
  trustProxy: string[] | false;
  /** after SIGTERM, how long the process keeps serving while unready, so the balancer sees it leave */
  shutdownDrainMs: number;
  /** the whole shutdown's bound from the signal; past it the process exits 1 */
  shutdownTimeoutMs: number;
}

/** A startup setting that cannot be used as given; main prints the message and exits. */
export class ConfigError extends Error {}

/**
 * Only named proxies are believed: "true", "*" or a hop count would let any client write its own
 * X-Forwarded-For (and so its own address for the login limits) or X-Forwarded-Proto.
 */
export function parseTrustProxy(value: string | undefined): string[] | false {
  if (!value?.trim()) return false;
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (!family || !validPrefix || rest.length > 0) {
      throw new ConfigError(
        `TRUST_PROXY="${value}": give the address(es) of your reverse proxy, e.g. 127.0.0.1 or 10.0.0.0/8 (comma-separated); "${entry}" is not an address or CIDR.`,
      );
    }
  }
  return entries;
}

/** A whole number of milliseconds, or the default when unset. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!/^\d{1,7}$/.test(value)) throw new ConfigError(`${name}="${env[name]}": give a whole number of milliseconds, e.g. ${fallback}.`);
  return Number(value);
}

/** SHUTDOWN_DRAIN_MS (default 3 s: HAProxy checking every second marks a server down after 2 failures) and SHUTDOWN_TIMEOUT_MS. */
export function readShutdown(env: NodeJS.ProcessEnv): { shutdownDrainMs: number; shutdownTimeoutMs: number } {
  const shutdownDrainMs = milliseconds(env, 'SHUTDOWN_DRAIN_MS', 3000);
  const shutdownTimeoutMs = milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', 10_000);
  if (shutdownTimeoutMs <= shutdownDrainMs) {
    throw new ConfigError(
      `SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs}) must be longer than SHUTDOWN_DRAIN_MS (${shutdownDrainMs}): the requests in flight need time to finish after the drain.`,
    );
  }
  return { shutdownDrainMs, shutdownTimeoutMs };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = ROOT;
  const port = Number.parseInt(env.PORT ?? '', 10) || 3000;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || path.join(root, 'data', 'pizzeria.db'),
    smtpUrl: env.SMTP_URL || undefined,
    outboxDir: env.OUTBOX_DIR || path.join(root, 'data', 'outbox'),
    mailFrom: env.MAIL_FROM || 'Pizzeria <ordini@pizzeria.local>',
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    fixedNow: env.PIZZERIA_NOW || undefined,
    adminEmail: env.ADMIN_EMAIL || 'admin@pizzeria.local',
    cashierEmail: env.CASHIER_EMAIL || 'cassa@pizzeria.local',
    frontendDir: env.FRONTEND_DIR || path.join(root, 'dist'),
    mediaDir: env.MEDIA_DIR || path.join(root, 'data', 'media'),
    seedDemoOrders: env.SEED_DEMO_ORDERS !== '0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ...readShutdown(env),
  };
}
