import {
  ADDITIONS_CATEGORY_ID,
  compareByName,
  DIET_MARKS,
  DEFAULT_WEEKLY_HOURS,
  doughOfferOf,
  offersDoughs,
  ovenGroupOf,
  shopLocalTime,
  type AllergenFacts,
  type CategoryGroup,
  type DietMark,
  type DoughOffer,
  type ZoneCharges,
} from '../../src/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { notifyOnCommit } from '../db/engine';
import type { PgListener } from '../db/pg-listener';
import { allergenFactsOf, codesOf } from '../db/codes';
import type { DiscountCodesTable, ProductsTable, SpecialDaysTable, VariantsTable } from '../db/schema';
import { sql, type Selectable } from 'kysely';

export interface CategoryView {
  id: number;
  name: string;
  sorting: number;
  visible: boolean;
  additionsEnabled: boolean;
  /** what the oven and the cassa's counts take it as; null: not for the oven */
  group: CategoryGroup | null;
}

export interface VariantView extends AllergenFacts {
  id: number;
  name: string;
  priceModifierCents: number;
}

export const variantViewOf = (row: Selectable<VariantsTable>): VariantView => ({
  id: row.id,
  name: row.name,
  priceModifierCents: row.price_modifier_cents,
  ...allergenFactsOf(row),
});

export interface AdditionView extends AllergenFacts {
  id: number;
  name: string;
  priceCents: number;
  /** sold out today: customers cannot choose it, the cassa still may */
  soldOut: boolean;
}

/** A product's own fields, as the menu, the back office and the seed hold them; its allergens are its toppings'. */
export interface ProductFields extends AllergenFacts {
  categoryId: number;
  name: string;
  description: string;
  imageUrl: string | null;
  priceCents: number;
  visible: boolean;
  isUpsell: boolean;
  allowVariants: DoughOffer;
  note: string | null;
  diet: DietMark[];
  frozen: boolean;
}

export const productFieldsOf = (row: Selectable<ProductsTable>): ProductFields => ({
  categoryId: row.category_id,
  name: row.name,
  description: row.description,
  imageUrl: row.image_url,
  priceCents: row.price_cents,
  visible: row.visible === 1,
  isUpsell: row.is_upsell === 1,
  allowVariants: doughOfferOf(row.allow_variants),
  note: row.note,
  ...allergenFactsOf(row),
  diet: codesOf(row.diet, DIET_MARKS),
  frozen: row.frozen === 1,
});

export interface ProductView extends ProductFields {
  id: number;
  variants: VariantView[];
  /** the dough it is made on when no other is chosen (never among `variants`); null: not made on a dough */
  baseDough: VariantView | null;
  additions: AdditionView[];
  category: CategoryView;
  /** visible itself, not archived and in a visible category: what customers may see */
  forSale: boolean;
  /** sold out today: customers see it greyed and cannot add it, the cassa may still sell it */
  soldOut: boolean;
  archived: boolean;
}

export interface ZoneView extends ZoneCharges {
  id: number;
}

export interface SpecialDayView {
  id: number;
  version: number;
  dateFrom: string;
  dateUntil: string;
  closed: boolean;
  firstSlot: string | null;
  lastSlot: string | null;
  message: string | null;
}

export const specialDayView = (row: Selectable<SpecialDaysTable>): SpecialDayView => ({
  id: row.id,
  version: row.version,
  dateFrom: row.date_from,
  dateUntil: row.date_until,
  closed: row.closed === 1,
  firstSlot: row.first_slot,
  lastSlot: row.last_slot,
  message: row.message,
});

export interface CatalogSnapshot {
  categories: CategoryView[];
  products: ProductView[];
  productsById: Map<number, ProductView>;
  /** every dough, base doughs too */
  variantsById: Map<number, VariantView>;
  zones: ZoneView[];
  zonesById: Map<number, ZoneView>;
  settings: Record<string, string>;
  /** active codes by code; validity windows are checked at use */
  discountCodes: Map<string, Selectable<DiscountCodesTable>>;
  /** grows with every back-office change: clients reload the menu when it differs from theirs */
  catalogueVersion: number;
  /** special days from today on, by first date */
  specialDays: SpecialDayView[];
}

/** Default settings; the database overrides them. Times are shop local (Europe/Rome). */
export const DEFAULT_SETTINGS: Record<string, string> = {
  shop_name: 'Pizzeria',
  shop_address: '',
  shop_phone_1: '',
  shop_phone_2: '',
  shop_legal_line: '',
  ecommerce_variants: 'no',
  /** JSON of `WeeklyHours` (src/domain/hours.ts): lunch and dinner windows per weekday, 0 Sunday … 6 Saturday */
  weekly_hours: JSON.stringify(DEFAULT_WEEKLY_HOURS),
  /** oven items (pizzas, pinse, calzoni…) one 15-minute slot can take from online orders */
  slot_capacity: '10',
  /** minutes between now and the first slot a customer may choose */
  lead_minutes: '30',
  /** "1" closes online ordering by hand (holidays, emergencies) */
  shop_closed: '0',
  /** a shop-local date: the hand closing ends when that day begins ('' = until reopened) */
  shop_closed_until: '',
  closed_message: '',
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`homepage_field_${i + 1}`, ''])),
};

/** The PostgreSQL channel that carries a committed catalogue version to every process. */
export const CATALOGUE_CHANNEL = 'catalogue';

/**
 * Makes the catalogue version grow by one, in the transaction of the change that touched what the
 * snapshot holds: one statement, so two changes committing at once each add one (a read then a write
 * would lose one of them on PostgreSQL). On PostgreSQL the new version is NOTIFYed too, delivered at
 * commit (never for a rollback) to every process's listener.
 */
export async function bumpCatalogueVersion(tx: Db): Promise<void> {
  const { value } = await tx
    .insertInto('meta')
    .values({ key: 'catalogue_version', value: '1' })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql<string>`CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  await notifyOnCommit(tx, CATALOGUE_CHANNEL, value);
}

export interface CatalogFollowOptions {
  /** PostgreSQL: the process's LISTEN connection, on which other processes' changes arrive at once */
  listener?: PgListener;
  /** the backstop: how often the stored version is compared with the cached one (0: never) */
  checkEveryMs: number;
  onError: (error: unknown) => void;
}

/**
 * The menu, zones, settings and discount codes change rarely and are read on every page: they are cached in
 * memory for a few seconds, and dropped at once by `invalidate` (this process's change, a seed, tests)
 * or when another process's change is heard of (`follow`).
 */
export class CatalogService {
  private cached: { snapshot: CatalogSnapshot; loadedAt: number } | undefined;
  private loading: Promise<CatalogSnapshot> | undefined;
  /** grows with every `invalidate`: tells a load started before it from one started after */
  private generation = 0;
  /** the newest version heard of: a load that read an older one answers its callers but is not kept */
  private newestKnown = 0;
  private checkTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs = 10_000,
  ) {}

  invalidate(): void {
    this.cached = undefined;
    // A load under way may have read the rows before the change: the next caller starts a fresh one.
    this.loading = undefined;
    this.generation++;
  }

  /**
   * Drops the cache when any process changes the catalogue: at once on PostgreSQL's NOTIFY, and within
   * `checkEveryMs` by reading the stored version (two processes on one SQLite file, a missed notification).
   */
  follow(options: CatalogFollowOptions): void {
    this.unsubscribe = options.listener?.subscribe(CATALOGUE_CHANNEL, {
      notify: (payload) => this.heard(Number(payload)),
      reconnected: () => this.invalidate(),
    });
    if (options.checkEveryMs <= 0) return;
    let checking = false;
    this.checkTimer = setInterval(() => {
      if (checking) return;
      checking = true;
      this.checkVersion()
        .catch(options.onError)
        .finally(() => (checking = false));
    }, options.checkEveryMs);
    this.checkTimer.unref();
  }

  unfollow(): void {
    clearInterval(this.checkTimer);
    this.checkTimer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** A version committed somewhere: a cache older than it goes. */
  private heard(version: number): void {
    if (!Number.isSafeInteger(version)) return;
    this.newestKnown = Math.max(this.newestKnown, version);
    if (this.cached && this.cached.snapshot.catalogueVersion < version) this.invalidate();
  }

  /** The stored version is the truth (also after a restore that went back): a cache of another goes. */
  private async checkVersion(): Promise<void> {
    const version = await readCatalogueVersion(this.db);
    this.newestKnown = version;
    if (this.cached && this.cached.snapshot.catalogueVersion !== version) this.invalidate();
  }

  async snapshot(): Promise<CatalogSnapshot> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.loadedAt < this.ttlMs && now >= this.cached.loadedAt) return this.cached.snapshot;
    const generation = this.generation;
    const loading = (this.loading ??= this.load().finally(() => {
      if (this.loading === loading) this.loading = undefined;
    }));
    const snapshot = await loading;
    // A load the catalogue changed under still answers the callers that waited for it, but is not kept.
    if (generation === this.generation && snapshot.catalogueVersion >= this.newestKnown) this.cached = { snapshot, loadedAt: now };
    return snapshot;
  }

  private async load(): Promise<CatalogSnapshot> {
    const today = shopLocalTime(this.clock.now()).date;
    // The version first: rows read after it are at least as new, so a client that reloads on a higher
    // version never keeps older rows under it.
    const catalogueVersion = await readCatalogueVersion(this.db);
    const [categoryRows, productRows, variantRows, linkRows, zoneRows, settingRows, discountRows, specialRows] = await Promise.all([
      this.db.selectFrom('categories').selectAll().orderBy('sorting').orderBy('id').execute(),
      this.db.selectFrom('products').selectAll().orderBy('sorting').orderBy('id').execute(),
      this.db.selectFrom('variants').selectAll().orderBy('sorting').orderBy('id').execute(),
      this.db.selectFrom('product_variants').selectAll().execute(),
      // A deactivated zone is offered to nobody; orders keep showing its name (joined where they are read).
      this.db.selectFrom('zones').selectAll().where('active', '=', 1).execute(),
      this.db.selectFrom('settings').selectAll().execute(),
      this.db.selectFrom('discount_codes').selectAll().where('active', '=', 1).execute(),
      this.db.selectFrom('special_days').selectAll().where('date_until', '>=', today).orderBy('date_from').orderBy('id').execute(),
    ]);

    const categories: CategoryView[] = categoryRows.map((c) => ({
      id: c.id,
      name: c.name,
      sorting: c.sorting,
      visible: c.visible === 1,
      additionsEnabled: c.additions_enabled === 1,
      group: ovenGroupOf(c.oven_group),
    }));
    const categoriesById = new Map(categories.map((c) => [c.id, c]));
    const variantsById = new Map<number, VariantView>(variantRows.map((v) => [v.id, variantViewOf(v)]));
    // Each product offers its doughs in the order the back office gives them ('Impasti'); a base dough is never a choice.
    const offeredById = new Map(variantRows.filter((v) => v.base === 0).map((v) => [v.id, variantsById.get(v.id)!]));
    const place = new Map(variantRows.map((v, index) => [v.id, index]));
    const variantsByProduct = new Map<number, VariantView[]>();
    for (const link of [...linkRows].sort((a, b) => place.get(a.variant_id)! - place.get(b.variant_id)!)) {
      const variant = offeredById.get(link.variant_id);
      if (variant) variantsByProduct.set(link.product_id, [...(variantsByProduct.get(link.product_id) ?? []), variant]);
    }

    const additions: AdditionView[] = productRows
      .filter((p) => p.category_id === ADDITIONS_CATEGORY_ID && p.visible === 1 && p.archived_at === null)
      .map((p) => ({ id: p.id, name: p.name, priceCents: p.price_cents, soldOut: p.sold_out_on === today, ...allergenFactsOf(p) }))
      .sort(compareByName);

    const products: ProductView[] = [];
    for (const row of productRows) {
      const category = categoriesById.get(row.category_id);
      if (!category) continue;
      products.push({
        id: row.id,
        ...productFieldsOf(row),
        variants: offersDoughs(row.allow_variants) ? (variantsByProduct.get(row.id) ?? []) : [],
        baseDough: row.base_dough_id !== null ? (variantsById.get(row.base_dough_id) ?? null) : null,
        additions: category.additionsEnabled ? additions : [],
        category,
        forSale: row.visible === 1 && row.archived_at === null && category.visible,
        soldOut: row.sold_out_on === today,
        archived: row.archived_at !== null,
      });
    }
    const sortingOf = (p: ProductView) => p.category.sorting;
    products.sort((a, b) => {
      if (a.categoryId !== b.categoryId) return sortingOf(a) - sortingOf(b) || a.categoryId - b.categoryId;
      return a.categoryId === ADDITIONS_CATEGORY_ID ? compareByName(a, b) : 0;
    });

    const zones = zoneRows
      .map((z) => ({ id: z.id, name: z.name, feeCents: z.fee_cents, minOrderCents: z.min_order_cents }))
      .sort(compareByName);
    const settings = { ...DEFAULT_SETTINGS, ...Object.fromEntries(settingRows.map((s) => [s.key, s.value])) };

    return {
      categories,
      products,
      productsById: new Map(products.map((p) => [p.id, p])),
      variantsById,
      zones,
      zonesById: new Map(zones.map((z) => [z.id, z])),
      settings,
      discountCodes: new Map(discountRows.map((d) => [d.code, d])),
      catalogueVersion,
      specialDays: specialRows.map(specialDayView),
    };
  }
}

async function readCatalogueVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', 'catalogue_version').executeTakeFirst();
  return Number(row?.value) || 0;
}
