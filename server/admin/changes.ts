import type { Transaction } from 'kysely';
import { shopLocalTime } from '../../src/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { AuditLogTable, Database } from '../db/schema';
import { transaction } from '../db/transaction';
import { AppError } from '../errors';
import { bumpCatalogueVersion, type CatalogService } from '../ecommerce/catalog';

export type Tx = Transaction<Database>;

/** Who makes a change: the staff member the register names. */
export interface Editor {
  id: number;
  name: string;
}

export const STALE_MESSAGE = 'Qualcuno ha modificato questo elemento mentre lo stavi modificando.';

/** The tables whose rows carry a `version` the back office checks before a save. */
export type VersionedTable =
  | 'categories'
  | 'products'
  | 'variants'
  | 'special_days'
  | 'discount_codes'
  | 'setting_groups'
  | 'blog_posts'
  | 'users'
  | 'zones'
  | 'printers';

/**
 * A save based on an older version: 409 with the record as it is now, so the editor can show it. The
 * service gives the record as it knows it; the route that called it puts it in the wire's shape
 * (`answersStale` in routes.ts).
 */
export class StaleRecord extends AppError {
  constructor(readonly current: unknown) {
    super('conflict', STALE_MESSAGE, { code: 'record.stale', extra: { current } });
  }
}

export const staleRecord = (current: unknown) => new StaleRecord(current);

export interface AuditEntry {
  entity: AuditLogTable['entity'];
  entityId: number | string;
  action: AuditLogTable['action'];
  /** the record's name, as the register lists it */
  label: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The fields whose values differ, before and after: what the register shows of an update. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const old: Record<string, unknown> = {};
  const next: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === 'version') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      old[key] = before[key] ?? null;
      next[key] = after[key] ?? null;
    }
  }
  return Object.keys(next).length > 0 ? { before: old, after: next } : null;
}

/** What one business change may do inside its transaction. */
export interface ChangeScope {
  tx: Tx;
  /** now, in ISO form, the same instant for every row of the change */
  at: string;
  editor: Editor;
  /** writes one audit row in this transaction */
  audit(entry: AuditEntry): Promise<void>;
  /**
   * Claims the row for this save: bumps its version if it is still `expected`, otherwise throws
   * `record.stale` with `current()` (read after the refusal, so it is what the editor must show).
   * Returns the new version.
   */
  claim(table: VersionedTable, id: number | string, expected: number, current: () => Promise<unknown>): Promise<number>;
}

/**
 * Every change of the back office goes through `change`: one transaction holding the change and its
 * audit rows and the growth of the catalogue version; after the commit this process's catalogue cache is
 * dropped and its open cassas told the version (the other processes hear of it), so the menu, checkout and
 * cassa see the change at their next request. A change of what no catalogue holds (a kitchen printer)
 * says `catalogue: false`: the cassas have nothing to reload.
 */
export class AdminChanges {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
  ) {}

  async change<T>(editor: Editor, work: (scope: ChangeScope) => Promise<T>, options: { catalogue?: false } = {}): Promise<T> {
    const at = this.clock.now().toISOString();
    const result = await transaction(this.db, 'admin.change', async (tx) => {
      const scope: ChangeScope = {
        tx,
        at,
        editor,
        audit: async (entry) => {
          await tx
            .insertInto('audit_log')
            .values({
              user_id: editor.id,
              user_name: editor.name,
              at,
              entity: entry.entity,
              entity_id: String(entry.entityId),
              action: entry.action,
              label: entry.label.slice(0, 200),
              before: entry.before ? JSON.stringify(entry.before) : null,
              after: entry.after ? JSON.stringify(entry.after) : null,
            })
            .execute();
        },
        claim: async (table, id, expected, current) => {
          const updated = await tx
            .updateTable(table as 'products')
            .set((eb) => ({ version: eb('version', '+', 1) }))
            .where('id', '=', id as number)
            .where('version', '=', expected)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) throw staleRecord(await current());
          return expected + 1;
        },
      };
      const value = await work(scope);
      return { value, version: options.catalogue === false ? null : await bumpCatalogueVersion(tx) };
    });
    if (result.version !== null) this.catalog.changed(result.version);
    return result.value;
  }
}

/** A back-office service that saves through `AdminChanges` and reads the shop's today. */
export abstract class DatedAdminService {
  constructor(
    protected readonly db: Db,
    protected readonly clock: Clock,
    protected readonly changes: AdminChanges,
  ) {}

  /** The shop's date now, in its own time zone. */
  protected today(): string {
    return shopLocalTime(this.clock.now()).date;
  }
}
