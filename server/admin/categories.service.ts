import type { Selectable } from 'kysely';
import { ADDITIONS_CATEGORY_ID, CATEGORY_GROUP_LABELS, NO_GROUP_LABEL, ovenGroupOf, type CategoryGroup } from '../../src/domain';
import type { Db } from '../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../db/database';
import type { CategoriesTable } from '../db/schema';
import { AppError, invalid, notFound } from '../errors';
import { changedFields, type AdminChanges, type Editor, type Tx } from './changes';
import { FormCheck } from './fields';
import { moveClaimed, nextSorting, positionsOf, type MoveDirection } from './ordering';

export interface AdminCategory {
  id: number;
  version: number;
  name: string;
  /** place in the menu, from 1 */
  position: number;
  visible: boolean;
  additionsEnabled: boolean;
  group: CategoryGroup | null;
  /** products it holds, archived ones too: then it cannot be deleted */
  products: number;
  /** the additions' category: the product dialog and the cassa read it, so it is never changed */
  locked: boolean;
}

export interface CategoryForm {
  name: string;
  visible: boolean;
  additions_enabled: boolean;
  group: CategoryGroup | null;
}

export const LOCKED_CATEGORY_MESSAGE = 'Questa categoria contiene le aggiunte: non si può modificare né eliminare.';
export const CATEGORY_IN_USE_MESSAGE = 'La categoria contiene dei prodotti, anche archiviati: spostali prima di eliminarla.';
const TAKEN = 'Esiste già una categoria con questo nome.';

/** What the register shows of a category. */
const auditView = (c: { name: string; visible: boolean; additionsEnabled: boolean; group: CategoryGroup | null }) => ({
  name: c.name,
  visible: c.visible,
  additions_enabled: c.additionsEnabled,
  group: c.group ? CATEGORY_GROUP_LABELS[c.group] : NO_GROUP_LABEL,
});

/** The menu's categories: their names, order, visibility, additions and the group the kitchen counts them by. */
export class CategoriesService {
  constructor(
    private readonly db: Db,
    private readonly changes: AdminChanges,
  ) {}

  private async productCounts(db: Db | Tx): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('products')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('category_id')
      .execute();
    return new Map(rows.map((row) => [row.category_id, Number(row.n)]));
  }

  private async views(db: Db | Tx, rows: Selectable<CategoriesTable>[]): Promise<AdminCategory[]> {
    const [positions, counts] = await Promise.all([positionsOf(db, 'categories'), this.productCounts(db)]);
    return rows.map((row) => ({
      id: row.id,
      version: row.version,
      name: row.name,
      position: positions.get(row.id) ?? 0,
      visible: row.visible === 1,
      additionsEnabled: row.additions_enabled === 1,
      group: ovenGroupOf(row.oven_group),
      products: counts.get(row.id) ?? 0,
      locked: row.id === ADDITIONS_CATEGORY_ID,
    }));
  }

  async list(): Promise<AdminCategory[]> {
    return this.views(this.db, await this.db.selectFrom('categories').selectAll().orderBy('sorting').orderBy('id').execute());
  }

  private async row(db: Db | Tx, id: number): Promise<Selectable<CategoriesTable>> {
    const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Categoria non trovata.');
    return row;
  }

  async get(id: number, db: Db | Tx = this.db): Promise<AdminCategory> {
    const [category] = await this.views(db, [await this.row(db, id)]);
    return category!;
  }

  private checked(form: CategoryForm) {
    const check = new FormCheck();
    const name = check.text('name', 'Nome', form.name, { max: 100, required: true });
    if (name && !check.has('name') && [...name].length < 2) check.add('name', 'Nome deve contenere almeno 2 caratteri.');
    check.throwIfAny();
    return { name, visible: form.visible ? 1 : 0, additions_enabled: form.additions_enabled ? 1 : 0, oven_group: form.group };
  }

  /** Refuses a name another category has, whatever its case. */
  private async ensureFree(tx: Tx, name: string, ownId?: number): Promise<void> {
    const rows = await tx.selectFrom('categories').select(['id', 'name']).execute();
    if (rows.some((c) => c.id !== ownId && c.name.toLocaleLowerCase('it') === name.toLocaleLowerCase('it'))) {
      throw invalid({ name: [TAKEN] });
    }
  }

  private ensureUnlocked(id: number): void {
    if (id === ADDITIONS_CATEGORY_ID) throw new AppError('conflict', LOCKED_CATEGORY_MESSAGE, { code: 'record.in_use' });
  }

  /** A new category goes to the end of the menu. */
  async create(editor: Editor, form: CategoryForm): Promise<AdminCategory> {
    const values = this.checked(form);
    try {
      return await this.changes.change(editor, async ({ tx, audit }) => {
        await this.ensureFree(tx, values.name);
        // Category ids are plain integers (the seed's are fixed): the next one is taken in this transaction.
        const last = await tx
          .selectFrom('categories')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        const id = (Number(last?.id) || 0) + 1;
        await tx
          .insertInto('categories')
          .values({ id, ...values, sorting: await nextSorting(tx, 'categories') })
          .execute();
        const created = await this.get(id, tx);
        await audit({ entity: 'category', entityId: id, action: 'create', label: created.name, after: auditView(created) });
        return created;
      });
    } catch (error) {
      // Two pages adding a category at once: the second one's id or name is taken.
      if (isUniqueViolation(error)) throw invalid({ name: ['Un\u2019altra categoria è stata aggiunta in questo momento: riprova.'] });
      throw error;
    }
  }

  async update(editor: Editor, id: number, form: CategoryForm & { version: number }): Promise<AdminCategory> {
    const values = this.checked(form);
    return this.changes.change(editor, async ({ tx, audit, claim }) => {
      this.ensureUnlocked(id);
      const before = await this.get(id, tx);
      await claim('categories', id, form.version, () => this.get(id, tx));
      await this.ensureFree(tx, values.name, id);
      await tx.updateTable('categories').set(values).where('id', '=', id).execute();
      const after = await this.get(id, tx);
      const diff = changedFields(auditView(before), auditView(after));
      if (diff) await audit({ entity: 'category', entityId: id, action: 'update', label: after.name, ...diff });
      return after;
    });
  }

  /** One place up or down the menu, based on the moved category's version. */
  async move(editor: Editor, id: number, direction: MoveDirection, version: number): Promise<AdminCategory> {
    return this.changes.change(editor, async (scope) => {
      const before = await this.get(id, scope.tx);
      const current = () => this.get(id, scope.tx);
      await moveClaimed(scope, { table: 'categories', entity: 'category', id, label: before.name, version, current }, direction);
      return this.get(id, scope.tx);
    });
  }

  /** Deletes an empty category; one holding products, archived ones too, is refused (409 `record.in_use`). */
  async remove(editor: Editor, id: number, version: number): Promise<void> {
    const inUse = () => new AppError('conflict', CATEGORY_IN_USE_MESSAGE, { code: 'record.in_use' });
    try {
      await this.changes.change(editor, async ({ tx, audit, claim }) => {
        this.ensureUnlocked(id);
        const category = await this.get(id, tx);
        if (category.products > 0) throw inUse();
        await claim('categories', id, version, async () => category);
        await tx.deleteFrom('categories').where('id', '=', id).execute();
        await audit({ entity: 'category', entityId: id, action: 'delete', label: category.name, before: auditView(category) });
      });
    } catch (error) {
      // A product added to it by another page in the meantime.
      if (isForeignKeyViolation(error)) throw inUse();
      throw error;
    }
  }
}
