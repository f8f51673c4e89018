import { createHash } from 'node:crypto';

/**
 * The SQL texts of `prepared` queries and their names: a fixed, small set (one per query and engine),
 * which PostgreSQL connections keep as named prepared statements (see openDatabase) — parsed and
 * planned once per connection instead of at every run.
 */
const statementNames = new Map<string, string>();

/** `sql` is the text of a `prepared` query: connections may keep it under a name. */
export function registerStatement(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `p_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`);
}

/** The name a PostgreSQL connection keeps `sql` under, when it is the text of a `prepared` query. */
export const statementName = (sql: string): string | undefined => statementNames.get(sql);
