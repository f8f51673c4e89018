import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, ENGINE, startTestServer, type TestServer } from './harness';

describe.runIf(ENGINE === 'postgres')('PostgreSQL connections', () => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    api = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('keeps serving after the database ends its idle connections (restart, admin kill)', async () => {
    // Open several pooled connections, then leave them idle.
    const warm = await Promise.all(Array.from({ length: 6 }, () => api.get('/api/v1/blog/posts?page=1')));
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);

    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(server.handle.db);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [rows[0]!.name]);
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 200));

    // An unhandled pool error would have crashed the process; instead new connections replace the dead ones.
    const after = await api.get('/api/v1/blog/posts?page=1');
    expect(after.status).toBe(200);
    expect(after.body.data.length).toBe(10);
  });
});
