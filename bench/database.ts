import path from 'node:path';
import pg from 'pg';

/**
 * A database of the bench's own: a temp SQLite file in `dir`, or a new database on `server`'s
 * PostgreSQL (DATABASE_URL by default; null for SQLite whatever it says), dropped by `drop`.
 * `prefix` names it (the cluster harness uses its own).
 */
export async function benchDatabase(
  dir: string,
  server: string | null = process.env.DATABASE_URL ?? null,
  prefix = 'pizzeria_bench',
): Promise<{ url: string; engine: string; drop: () => Promise<void> }> {
  if (!server?.startsWith('postgres')) return { url: path.join(dir, 'bench.db'), engine: 'SQLite', drop: async () => undefined };
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), engine: 'PostgreSQL', drop: () => admin(`drop database if exists ${name} with (force)`) };
}
