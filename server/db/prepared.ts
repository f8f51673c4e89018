import type { Compilable, CompiledQuery, DialectAdapter, QueryResult } from 'kysely';
import type { Db } from './database';
import { registerStatement } from './statement-names';

/** Stands for the caller's value `args[name]` while the query is built. */
class Param {
  constructor(readonly name: PropertyKey) {}
}

/** `param(name)`: the stand-in for `args[name]`, typed as the value it stands for. */
export interface ParamOf<A> {
  <K extends keyof A>(name: K): A[K];
}

/**
 * A query built and compiled once per dialect, then run with the values of each call. Kysely builds
 * and compiles every query anew (tens of µs: more than SQLite takes to run most of them), so the
 * statements of the hot paths (checkout, the token lookup) are built once here, on either engine.
 *
 * `build` receives `param(name)`, a stand-in for `args[name]` at run time. A stand-in must land in
 * the SQL as a bound parameter: Kysely decides some SQL by the value itself (`= null` becomes
 * `is null`, an array after `in` one placeholder per item), so pass neither. Other values written in
 * `build` stay the same on every run.
 */
export function prepared<A extends object, R>(
  build: (db: Db, param: ParamOf<A>) => Compilable<R>,
): (db: Db, args: A) => Promise<QueryResult<R>> {
  const compiled = new WeakMap<DialectAdapter, CompiledQuery<R>>();
  const stand: ParamOf<A> = (name) => new Param(name) as never;
  return (db, args) => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      query = build(db, stand).compile();
      compiled.set(adapter, query);
      registerStatement(query.sql);
    }
    const parameters = query.parameters.map((p) => (p instanceof Param ? args[p.name as keyof A] : p));
    return db.executeQuery({ ...query, parameters });
  };
}

/** `{ column: param('column') }` for each column: the row of a prepared insert. */
export function paramsOf<A, K extends keyof A>(param: ParamOf<A>, columns: readonly K[]): Pick<A, K> {
  return Object.fromEntries(columns.map((column) => [column, param(column)])) as Pick<A, K>;
}
