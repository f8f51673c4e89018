/**
 * Idle connections through HAProxy (deploy/haproxy.cfg): a client must never reuse a connection the
 * balancer has already closed, and the balancer must never reuse one the app has closed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../server/app';
import { startTestServer, type TestServer } from './harness';

const config = fs.readFileSync(path.resolve(import.meta.dirname, '../../deploy/haproxy.cfg'), 'utf8');
const seconds = (pattern: RegExp) => Number(pattern.exec(config)?.[1]);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('keep-alive through HAProxy', () => {
  it('clients are told a shorter idle limit than the balancer keeps, and the app keeps its side open longer than the balancer reuses it', async () => {
    const balancerIdle = seconds(/^\s*timeout http-keep-alive (\d+)s$/m);
    const toldClients = seconds(/^\s*http-response set-header Keep-Alive "timeout=(\d+)"$/m);
    const poolReuse = seconds(/^\s*default-server .*\bpool-purge-delay (\d+)s\b/m);
    expect(toldClients).toBeGreaterThan(0);
    expect(toldClients).toBeLessThan(balancerIdle);

    // What the app itself answers, and so keeps, directly.
    const answer = await fetch(`${server.baseUrl}/livez`);
    const appIdle = Number(/timeout=(\d+)/.exec(answer.headers.get('keep-alive') ?? '')?.[1]);
    expect(appIdle).toBe(KEEP_ALIVE_TIMEOUT_MS / 1000);
    expect(appIdle).toBeGreaterThan(poolReuse);
  });
});
