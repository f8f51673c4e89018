import {
  adjustedPrice,
  DIET_MARKS,
  bulkPriceOutOfBounds,
  formatEuroInput,
  isPriceInBounds,
  MAX_PRICE_CENTS,
  MIN_PRICE_CENTS,
  parseBulkAmount,
  parseEuroInput,
  type BulkPriceLine,
  type BulkPriceMode,
} from '../../src/domain';
import { allergenColumns, codesText } from '../db/codes';
import type { Db } from '../db/database';
import { productFieldsOf, type ProductFields } from '../ecommerce/catalog';
import type { Schemas } from '../http/wire';
import { invalid, notFound } from '../errors';
import { changedFields, DatedAdminService, staleRecord, type AdminChanges, type ChangeScope, type Editor, type Tx } from './changes';
import { allergenAuditView, checkDietMarks, checkedAllergens, dietAuditView } from './allergen-fields';
import { adminMessages, FormCheck } from './fields';

/** A product as the back office edits it (money in cents here; euros on the wire). */
export interface AdminProductRecord extends ProductFields {
  id: number;
  version: number;
  variantIds: number[];
  archived: boolean;
  soldOut: boolean;
  /** the base dough it is made on; null: not made on a dough */
  baseDoughId: number | null;
}

/** A product as the owner typed it: the contract's body (the price as typed, checked here). */
type ProductWrite = Schemas['AdminProductWrite'];

/** What the register shows of a product: readable values, euros as typed. */
const auditView = (p: AdminProductRecord) => ({
  name: p.name,
  category_id: p.categoryId,
  description: p.description,
  price: formatEuroInput(p.priceCents),
  note: p.note,
  image_url: p.imageUrl,
  visible: p.visible,
  is_upsell: p.isUpsell,
  allow_variants: p.allowVariants,
  variant_ids: p.variantIds,
  archived: p.archived,
  sold_out: p.soldOut,
  ...allergenAuditView(p),
  diet: dietAuditView(p.diet),
  frozen: p.frozen,
  base_dough_id: p.baseDoughId,
});

/** Menu products in the back office: edited by version, audited, archived rather than deleted once ordered. */
export class AdminMenuService extends DatedAdminService {
  /** Every product, archived ones too, by category. */
  async allProducts(): Promise<AdminProductRecord[]> {
    return this.products(this.db);
  }

  private async products(db: Db | Tx, id?: number): Promise<AdminProductRecord[]> {
    let query = db.selectFrom('products').selectAll().orderBy('category_id').orderBy('sorting').orderBy('id');
    if (id !== undefined) query = query.where('id', '=', id);
    const rows = await query.execute();
    const links = await db
      .selectFrom('product_variants')
      .selectAll()
      .$if(id !== undefined, (q) => q.where('product_id', '=', id!))
      .execute();
    const today = this.today();
    return rows.map((row) => ({
      id: row.id,
      version: row.version,
      ...productFieldsOf(row),
      variantIds: links
        .filter((l) => l.product_id === row.id)
        .map((l) => l.variant_id)
        .sort((a, b) => a - b),
      archived: row.archived_at !== null,
      soldOut: row.sold_out_on === today,
      baseDoughId: row.base_dough_id,
    }));
  }

  async product(id: number, db: Db | Tx = this.db): Promise<AdminProductRecord> {
    const [product] = await this.products(db, id);
    if (!product) throw notFound('Prodotto non trovato.');
    return product;
  }

  /**
   * Checks a form against the catalogue and the product as it is (`current`, null for a new one: the
   * allergen fields the form leaves out keep its values); throws the form's field errors (422) together.
   */
  private async checked(tx: Tx, form: ProductWrite, current: AdminProductRecord | null) {
    const check = new FormCheck();
    const name = check.text('name', 'Nome', form.name, { max: 150, required: true });
    const description = check.text('description', 'Descrizione', form.description, { max: 2000, multiline: true });
    const note = check.text('note', 'Nota', form.note, { max: 500, multiline: true }) || null;
    const imageUrl = check.imageUrl('image_url', form.image_url);

    const priceText = form.price.trim();
    const priceCents = parseEuroInput(priceText);
    if (priceText === '') check.add('price', adminMessages.required('Prezzo'));
    else if (priceCents === null) check.add('price', 'Prezzo ha un formato non valido: scrivi ad esempio 6,50.');
    else if (priceCents > MAX_PRICE_CENTS) check.add('price', 'Prezzo non può superare 9999,99 €.');
    else if (priceCents < MIN_PRICE_CENTS) check.add('price', adminMessages.minPrice('Prezzo'));

    if (form.category_id === null) check.add('category_id', 'Categoria è obbligatoria.');
    else if (!(await tx.selectFrom('categories').select('id').where('id', '=', form.category_id).executeTakeFirst())) {
      check.add('category_id', 'Categoria non valida.');
    }
    const variantIds = [...new Set(form.variant_ids)].sort((a, b) => a - b);
    if (variantIds.length > 0) {
      // A base dough is what a product is made on, never a choice offered.
      const known = await tx.selectFrom('variants').select('id').where('id', 'in', variantIds).where('base', '=', 0).execute();
      if (known.length !== variantIds.length) check.add('variant_ids', 'Impasti non validi.');
    }
    const facts = checkedAllergens(check, form, current ?? { allergens: [], may_contain: [] });
    const diet = form.diet ?? current?.diet ?? [];
    checkDietMarks(check, diet, facts.allergens);
    const baseDoughId = form.base_dough_id === undefined ? (current?.baseDoughId ?? null) : form.base_dough_id;
    if (baseDoughId !== null) {
      const base = await tx.selectFrom('variants').select('id').where('id', '=', baseDoughId).where('base', '=', 1).executeTakeFirst();
      if (!base) check.add('base_dough_id', 'Impasto di base non valido: scegline uno tra gli impasti di base.');
    }
    check.throwIfAny();
    return {
      row: {
        category_id: form.category_id!,
        name,
        description,
        price_cents: priceCents!,
        note,
        image_url: imageUrl,
        visible: form.visible ? 1 : 0,
        is_upsell: form.is_upsell ? 1 : 0,
        allow_variants: form.allow_variants,
        ...allergenColumns(facts),
        diet: codesText(diet, DIET_MARKS),
        frozen: (form.frozen ?? current?.frozen) ? 1 : 0,
        base_dough_id: baseDoughId,
      },
      variantIds,
    };
  }

  private async setDoughs(tx: Tx, productId: number, variantIds: number[]): Promise<void> {
    await tx.deleteFrom('product_variants').where('product_id', '=', productId).execute();
    if (variantIds.length > 0) {
      await tx
        .insertInto('product_variants')
        .values(variantIds.map((variant_id) => ({ product_id: productId, variant_id })))
        .execute();
    }
  }

  async create(editor: Editor, form: ProductWrite): Promise<AdminProductRecord> {
    return this.changes.change(editor, async ({ tx, audit }) => {
      const { row, variantIds } = await this.checked(tx, form, null);
      const { id } = await tx
        .insertInto('products')
        .values({ ...row, sorting: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.setDoughs(tx, id, variantIds);
      const created = await this.product(id, tx);
      await audit({ entity: 'product', entityId: id, action: 'create', label: created.name, after: auditView(created) });
      return created;
    });
  }

  async update(editor: Editor, id: number, form: Schemas['AdminProductUpdate']): Promise<AdminProductRecord> {
    return this.changes.change(editor, async ({ tx, audit, claim, at }) => {
      const before = await this.product(id, tx);
      await claim('products', id, form.version, () => this.product(id, tx));
      const { row, variantIds } = await this.checked(tx, form, before);
      const archived = form.archived ?? before.archived;
      await tx
        .updateTable('products')
        .set({ ...row, archived_at: archived ? (before.archived ? undefined : at) : null })
        .where('id', '=', id)
        .execute();
      await this.setDoughs(tx, id, variantIds);
      const after = await this.product(id, tx);
      const diff = changedFields(auditView(before), auditView(after));
      if (diff) await audit({ entity: 'product', entityId: id, action: 'update', label: after.name, ...diff });
      return after;
    });
  }

  /** Deleted when no order names it; otherwise archived, so its orders keep pointing at it. */
  async remove(editor: Editor, id: number, version: number): Promise<{ archived: boolean }> {
    return this.changes.change(editor, async ({ tx, audit, claim, at }) => {
      const before = await this.product(id, tx);
      await claim('products', id, version, () => this.product(id, tx));
      const ordered = await tx.selectFrom('order_lines').select('id').where('product_id', '=', id).limit(1).executeTakeFirst();
      if (ordered) {
        await tx.updateTable('products').set({ archived_at: at }).where('id', '=', id).execute();
        await audit({
          entity: 'product',
          entityId: id,
          action: 'archive',
          label: before.name,
          before: { archived: before.archived },
          after: { archived: true },
        });
        return { archived: true };
      }
      await tx.deleteFrom('product_variants').where('product_id', '=', id).execute();
      await tx.deleteFrom('products').where('id', '=', id).execute();
      await audit({ entity: 'product', entityId: id, action: 'delete', label: before.name, before: auditView(before) });
      return { archived: false };
    });
  }

  /** Today's sold-out switches: every product and addition not archived. */
  async soldOutList() {
    const [products, categories] = await Promise.all([
      this.products(this.db),
      this.db.selectFrom('categories').select(['id', 'name', 'sorting']).execute(),
    ]);
    const categoryOf = new Map(categories.map((c) => [c.id, c]));
    return {
      date: this.today(),
      items: products
        .filter((p) => !p.archived && categoryOf.has(p.categoryId))
        .sort((a, b) => categoryOf.get(a.categoryId)!.sorting - categoryOf.get(b.categoryId)!.sorting || a.name.localeCompare(b.name, 'it'))
        .map((p) => ({ ...p, categoryName: categoryOf.get(p.categoryId)!.name })),
    };
  }

  /** Sold out until the end of the shop's day: the date is stored, so tomorrow it is back by itself. */
  async setSoldOut(editor: Editor, id: number, soldOut: boolean, version: number): Promise<void> {
    await this.changes.change(editor, async ({ tx, audit, claim }: ChangeScope) => {
      const before = await this.product(id, tx);
      if (before.archived) throw notFound('Prodotto non trovato.');
      await claim('products', id, version, () => this.product(id, tx));
      await tx
        .updateTable('products')
        .set({ sold_out_on: soldOut ? this.today() : null })
        .where('id', '=', id)
        .execute();
      if (before.soldOut !== soldOut) {
        await audit({
          entity: 'product',
          entityId: id,
          action: 'update',
          label: before.name,
          before: { sold_out: before.soldOut },
          after: { sold_out: soldOut },
        });
      }
    });
  }
}

export interface BulkPriceRequest {
  category_ids: number[];
  mode: BulkPriceMode;
  amount: string;
  /** apply only: the products and versions the preview showed */
  products?: { id: number; version: number }[];
}

/** The same change of price on every product of some categories: previewed, then applied at once. */
export class BulkPriceService {
  constructor(
    private readonly db: Db,
    private readonly changes: AdminChanges,
  ) {}

  private async lines(db: Db | Tx, request: BulkPriceRequest): Promise<BulkPriceLine[]> {
    const parsed = parseBulkAmount(request.amount, request.mode);
    const errors: Record<string, string[]> = {};
    if (!parsed.ok) errors.amount = [parsed.message];
    if (request.category_ids.length === 0) errors.category_ids = ['Scegli almeno una categoria.'];
    if (!parsed.ok || request.category_ids.length === 0) throw invalid(errors);
    const rows = await db
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select(['products.id', 'products.version', 'products.name', 'products.price_cents', 'categories.name as category_name'])
      .where('products.category_id', 'in', request.category_ids)
      .where('products.archived_at', 'is', null)
      .orderBy('categories.sorting')
      .orderBy('products.sorting')
      .orderBy('products.id')
      .execute();
    const lines = rows.map((row) => ({
      id: row.id,
      version: row.version,
      name: row.name,
      categoryName: row.category_name,
      oldCents: row.price_cents,
      newCents: adjustedPrice(row.price_cents, { mode: request.mode, amount: parsed.amount }),
    }));
    // +100 % twelve times made a pizza 49.152 €: a change that takes any price out of bounds is refused whole.
    const outside = lines.filter((line) => line.newCents !== line.oldCents && !isPriceInBounds(line.newCents));
    if (outside.length > 0) throw invalid({ amount: [bulkPriceOutOfBounds(outside)] });
    return lines;
  }

  preview(request: BulkPriceRequest): Promise<BulkPriceLine[]> {
    return this.lines(this.db, request);
  }

  /**
   * Applies what the preview showed, or nothing: a product added, archived or changed since the
   * preview makes the whole change stale (the owner previews again and sees the new prices).
   */
  async apply(editor: Editor, request: BulkPriceRequest): Promise<BulkPriceLine[]> {
    return this.changes.change(editor, async ({ tx, audit, claim }) => {
      const lines = await this.lines(tx, request);
      const seen = new Map((request.products ?? []).map((p) => [p.id, p.version]));
      const current = async () => ({ items: lines.map((l) => ({ id: l.id, version: l.version })) });
      if (lines.length !== seen.size || lines.some((line) => seen.get(line.id) !== line.version)) throw staleRecord(await current());
      for (const line of lines) {
        await claim('products', line.id, line.version, current);
        if (line.newCents === line.oldCents) continue;
        await tx.updateTable('products').set({ price_cents: line.newCents }).where('id', '=', line.id).execute();
        await audit({
          entity: 'product',
          entityId: line.id,
          action: 'update',
          label: line.name,
          before: { price: formatEuroInput(line.oldCents) },
          after: { price: formatEuroInput(line.newCents) },
        });
      }
      return lines.map((line) => ({ ...line, version: line.version + 1 }));
    });
  }
}
