import type { ChangeScope, Tx } from './changes';

export type MoveDirection = 'up' | 'down';

/** The tables the back office orders by hand: the menu's categories and the doughs. */
type OrderedTable = 'categories' | 'variants';

/** A row's place in its table, from 1, in the order customers see: `sorting`, then id. */
export async function positionsOf(db: Pick<Tx, 'selectFrom'>, table: OrderedTable): Promise<Map<number, number>> {
  const rows = await db.selectFrom(table).select('id').orderBy('sorting').orderBy('id').execute();
  return new Map(rows.map((row, index) => [row.id, index + 1]));
}

/** The next free `sorting` value: a new row goes to the end. */
export async function nextSorting(tx: Tx, table: OrderedTable): Promise<number> {
  const row = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.max('sorting').as('last'))
    .executeTakeFirst();
  return (Number(row?.last) || 0) + 1;
}

/**
 * Swaps a row with its neighbour and renumbers the table 1…n (hand edits may have left equal
 * `sorting` values). Answers the row's place before and after; the same place when it is already first
 * or last.
 */
export async function moveRow(tx: Tx, table: OrderedTable, id: number, direction: MoveDirection): Promise<{ from: number; to: number }> {
  const ids = (await tx.selectFrom(table).select('id').orderBy('sorting').orderBy('id').execute()).map((row) => row.id);
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return { from: from + 1, to: from + 1 };
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  for (const [index, rowId] of ids.entries()) {
    await tx
      .updateTable(table)
      .set({ sorting: index + 1 })
      .where('id', '=', rowId)
      .where('sorting', '!=', index + 1)
      .execute();
  }
  return { from: from + 1, to: to + 1 };
}

/**
 * A back-office move: claims the row's version (409 `record.stale` with `current()` otherwise), moves
 * it one place, and writes the register row 'posizione: 13 → 12' when it did move.
 */
export async function moveClaimed(
  { tx, audit, claim }: ChangeScope,
  row: { table: OrderedTable; entity: string; id: number; label: string; version: number; current: () => Promise<unknown> },
  direction: MoveDirection,
): Promise<void> {
  await claim(row.table, row.id, row.version, row.current);
  const { from, to } = await moveRow(tx, row.table, row.id, direction);
  if (from === to) return;
  await audit({
    entity: row.entity,
    entityId: row.id,
    action: 'update',
    label: row.label,
    before: { position: from },
    after: { position: to },
  });
}
