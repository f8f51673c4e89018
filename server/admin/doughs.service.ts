import type { Selectable } from 'kysely';
import { formatEuroInput, type AllergenFacts } from '../../src/domain';
import { allergenColumns, allergenFactsOf } from '../db/codes';
import { allergenAuditView, checkedAllergens, type AllergenForm } from './allergen-fields';
import type { Db } from '../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../db/database';
import type { VariantsTable } from '../db/schema';
import { AppError, invalid, notFound } from '../errors';
import { changedFields, type AdminChanges, type Editor, type Tx } from './changes';
import { FormCheck } from './fields';
import { moveClaimed, nextSorting, positionsOf, type MoveDirection } from './ordering';

/** A dough (the `variants` table): what the product dialog and the cassa offer, with its price modifier. */
export interface AdminDough extends AllergenFacts {
  id: number;
  version: number;
  name: string;
  priceModifierCents: number;
  /** place in the list, from 1 */
  position: number;
  /** products offering it */
  products: number;
  /** products made on it (as their base dough) */
  madeOn: number;
  /** products offering it or made on it, plus order lines naming it: then it is never deleted */
  uses: number;
  /** a base dough: what products are made on, never offered as a choice */
  base: boolean;
}

export interface DoughForm extends AllergenForm {
  name: string;
  price_modifier: string;
  base?: boolean;
}

const NO_ALLERGENS: AllergenFacts = { allergens: [], may_contain: [] };
const OFFERED_AS_BASE = 'Un impasto di base non si offre come scelta: toglilo prima dai prodotti che lo offrono.';
const STILL_A_BASE = 'Dei prodotti sono fatti su questo impasto: scegli per loro un altro impasto di base.';

export const DOUGH_IN_USE_MESSAGE = 'L’impasto è offerto da prodotti o nominato da ordini: toglilo dai prodotti, non si può eliminare.';
const TAKEN = 'Esiste già un impasto con questo nome.';

const auditView = (d: AdminDough) => ({
  name: d.name,
  price_modifier: formatEuroInput(d.priceModifierCents),
  ...allergenAuditView(d),
  base: d.base,
});

/** 'Impasti': the doughs' names, price modifiers and order. */
export class DoughsService {
  constructor(
    private readonly db: Db,
    private readonly changes: AdminChanges,
  ) {}

  private async counts(db: Db | Tx, column: 'product_variants' | 'order_lines'): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom(column)
      .select(['variant_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('variant_id', 'is not', null)
      .groupBy('variant_id')
      .execute();
    return new Map(rows.map((row) => [row.variant_id!, Number(row.n)]));
  }

  private async madeOn(db: Db | Tx): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('products')
      .select(['base_dough_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('base_dough_id', 'is not', null)
      .groupBy('base_dough_id')
      .execute();
    return new Map(rows.map((row) => [row.base_dough_id!, Number(row.n)]));
  }

  private async views(db: Db | Tx, rows: Selectable<VariantsTable>[]): Promise<AdminDough[]> {
    const [positions, offered, ordered, bases] = await Promise.all([
      positionsOf(db, 'variants'),
      this.counts(db, 'product_variants'),
      this.counts(db, 'order_lines'),
      this.madeOn(db),
    ]);
    return rows.map((row) => ({
      id: row.id,
      version: row.version,
      name: row.name,
      priceModifierCents: row.price_modifier_cents,
      ...allergenFactsOf(row),
      base: row.base === 1,
      position: positions.get(row.id) ?? 0,
      products: offered.get(row.id) ?? 0,
      madeOn: bases.get(row.id) ?? 0,
      uses: (offered.get(row.id) ?? 0) + (ordered.get(row.id) ?? 0) + (bases.get(row.id) ?? 0),
    }));
  }

  async list(): Promise<AdminDough[]> {
    return this.views(this.db, await this.db.selectFrom('variants').selectAll().orderBy('sorting').orderBy('id').execute());
  }

  private async row(db: Db | Tx, id: number): Promise<Selectable<VariantsTable>> {
    const row = await db.selectFrom('variants').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Impasto non trovato.');
    return row;
  }

  async get(id: number, db: Db | Tx = this.db): Promise<AdminDough> {
    const [dough] = await this.views(db, [await this.row(db, id)]);
    return dough!;
  }

  /** The form against the dough as it is (`current`, null for a new one): fields left out keep its values. */
  private checked(form: DoughForm, current: AdminDough | null) {
    const check = new FormCheck();
    const name = check.text('name', 'Nome', form.name, { max: 100, required: true });
    if (name && !check.has('name') && [...name].length < 2) check.add('name', 'Nome deve contenere almeno 2 caratteri.');
    const cents = check.optionalPrice('price_modifier', 'Supplemento', form.price_modifier, '1,50');
    const facts = checkedAllergens(check, form, current ?? NO_ALLERGENS);
    const base = form.base ?? current?.base ?? false;
    if (base && current && current.products > 0) check.add('base', OFFERED_AS_BASE);
    if (!base && current && current.madeOn > 0) check.add('base', STILL_A_BASE);
    check.throwIfAny();
    return { name, price_modifier_cents: cents, ...allergenColumns(facts), base: base ? 1 : 0 };
  }

  private async ensureFree(tx: Tx, name: string, ownId?: number): Promise<void> {
    const rows = await tx.selectFrom('variants').select(['id', 'name']).execute();
    if (rows.some((d) => d.id !== ownId && d.name.toLocaleLowerCase('it') === name.toLocaleLowerCase('it'))) {
      throw invalid({ name: [TAKEN] });
    }
  }

  async create(editor: Editor, form: DoughForm): Promise<AdminDough> {
    const values = this.checked(form, null);
    try {
      return await this.changes.change(editor, async ({ tx, audit }) => {
        await this.ensureFree(tx, values.name);
        const { id } = await tx
          .insertInto('variants')
          .values({ ...values, sorting: await nextSorting(tx, 'variants') })
          .returning('id')
          .executeTakeFirstOrThrow();
        const created = await this.get(id, tx);
        await audit({ entity: 'dough', entityId: id, action: 'create', label: created.name, after: auditView(created) });
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid({ name: [TAKEN] });
      throw error;
    }
  }

  /** Orders keep the price their lines were written with: only the next price request sees the new one. */
  async update(editor: Editor, id: number, form: DoughForm & { version: number }): Promise<AdminDough> {
    return this.changes.change(editor, async ({ tx, audit, claim }) => {
      const before = await this.get(id, tx);
      await claim('variants', id, form.version, () => this.get(id, tx));
      const values = this.checked(form, before);
      await this.ensureFree(tx, values.name, id);
      await tx.updateTable('variants').set(values).where('id', '=', id).execute();
      const after = await this.get(id, tx);
      const diff = changedFields(auditView(before), auditView(after));
      if (diff) await audit({ entity: 'dough', entityId: id, action: 'update', label: after.name, ...diff });
      return after;
    });
  }

  async move(editor: Editor, id: number, direction: MoveDirection, version: number): Promise<AdminDough> {
    return this.changes.change(editor, async (scope) => {
      const before = await this.get(id, scope.tx);
      const current = () => this.get(id, scope.tx);
      await moveClaimed(scope, { table: 'variants', entity: 'dough', id, label: before.name, version, current }, direction);
      return this.get(id, scope.tx);
    });
  }

  /** Deletes a dough nothing uses; one offered by a product or named by an order is refused (409 `record.in_use`). */
  async remove(editor: Editor, id: number, version: number): Promise<void> {
    const inUse = () => new AppError('conflict', DOUGH_IN_USE_MESSAGE, { code: 'record.in_use' });
    try {
      await this.changes.change(editor, async ({ tx, audit, claim }) => {
        const dough = await this.get(id, tx);
        if (dough.uses > 0) throw inUse();
        await claim('variants', id, version, async () => dough);
        await tx.deleteFrom('variants').where('id', '=', id).execute();
        await audit({ entity: 'dough', entityId: id, action: 'delete', label: dough.name, before: auditView(dough) });
      });
    } catch (error) {
      // A product offering it, saved by another page in the meantime.
      if (isForeignKeyViolation(error)) throw inUse();
      throw error;
    }
  }
}
