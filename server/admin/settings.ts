import type { Db } from '../db/database';
import { notFound } from '../errors';
import { DEFAULT_SETTINGS } from '../ecommerce/catalog';
import type { Tx } from './changes';

/** The settings edited together in one form, each group versioned like a row. */
export type SettingGroup = 'hours' | 'online_ordering' | 'texts';

export async function groupVersion(group: SettingGroup, db: Db | Tx): Promise<number> {
  const row = await db.selectFrom('setting_groups').select('version').where('id', '=', group).executeTakeFirst();
  if (!row) throw notFound('Impostazioni non trovate.');
  return row.version;
}

/** The stored settings over the defaults, read where the caller reads (inside a change: what its transaction sees, not the cache). */
export async function storedSettings(db: Db | Tx): Promise<Record<string, string>> {
  const rows = await db.selectFrom('settings').selectAll().execute();
  return { ...DEFAULT_SETTINGS, ...Object.fromEntries(rows.map((r) => [r.key, r.value])) };
}

export async function writeSettings(tx: Tx, values: Record<string, string>): Promise<void> {
  await tx
    .insertInto('settings')
    .values(Object.entries(values).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}
