import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, loggedInClient, openEventStream, startTestServer, type TestServer } from './harness';

let server: TestServer;
let siteDir: string;

beforeAll(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-site-'));
  fs.writeFileSync(
    path.join(siteDir, 'index.html'),
    '<!doctype html><html><head><title>Pizzeria</title><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  server = await startTestServer({ app: { frontendDir: siteDir } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Headers): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("img-src 'self' data:");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(headers.get('permissions-policy')).toContain('camera=()');
}

describe('security headers', () => {
  it('are on a page of the site and on an API answer; no HSTS over plain http', async () => {
    const page = await fetch(`${server.baseUrl}/ecommerce`);
    expect(page.status).toBe(200);
    expectSecurityHeaders(page.headers);
    const api = await fetch(`${server.baseUrl}/api/v1/ecommerce/webapp`);
    expect(api.status).toBe(200);
    expectSecurityHeaders(api.headers);
    expect(api.headers.get('strict-transport-security')).toBeNull();
    expect(api.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });

  it('are on every kind of answer: a refusal, a 404, a 304, an uploaded image and the cassa’s event stream', async () => {
    const refused = await fetch(`${server.baseUrl}/api/v1/ecommerce/cart`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(419);
    expectSecurityHeaders(refused.headers);
    const missing = await fetch(`${server.baseUrl}/api/v1/non-esiste`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers);
    const etag = (await fetch(`${server.baseUrl}/api/v1/ecommerce/webapp`)).headers.get('etag')!;
    const unchanged = await fetch(`${server.baseUrl}/api/v1/ecommerce/webapp`, { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expectSecurityHeaders(unchanged.headers);
    fs.writeFileSync(path.join(server.mediaDir, 'forno.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const image = await fetch(`${server.baseUrl}/media/forno.png`);
    expect(image.status).toBe(200);
    expectSecurityHeaders(image.headers);
    const { client } = await loggedInClient(server, { role: 'admin' });
    const stream = await openEventStream(server.baseUrl, client.token!);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      expectSecurityHeaders(stream.headers);
    } finally {
      stream.close();
    }
  });

  it('the API reference page still loads under the same policy: its scripts are files, none inline', async () => {
    const docs = await fetch(`${server.baseUrl}/api/docs`);
    expect(docs.status).toBe(200);
    expectSecurityHeaders(docs.headers);
    const html = await docs.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect((await fetch(`${server.baseUrl}/api/docs/static/swagger-initializer.js`)).status).toBe(200);
  });
});

describe('served over https (APP_URL https://…)', () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startTestServer({ app: { appUrl: 'https://pizzeria.test' } });
  });
  afterAll(() => secure?.close());

  it('sends HSTS and marks the session and XSRF cookies Secure', async () => {
    const { client, email, password } = await loggedInClient(secure);
    const login = await new ApiClient(secure.baseUrl).post('/api/login', { email, password });
    expect(login.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    expect(login.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    const cookies = login.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('auth_token='))).toMatch(/; Secure/);
    expect(cookies.find((c) => c.startsWith('XSRF-TOKEN='))).toMatch(/; Secure/);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});
