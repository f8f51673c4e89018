import { fromPromise } from 'xstate';
import type { operations } from '../../openapi/schema';
import type { ApplyOutcome, BulkPriceChoice, bulkPriceMachine, PreviewOutcome } from '../../machines/bulkPrice.machine';
import type { RecordEditorActors, RecordValues, SaveOutcome, SaveRequest } from '../../machines/recordEditor.machine';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import {
  DOUGH_OFFER,
  doughOfferOf,
  formatEuroInput,
  formatShopDate,
  toCents,
  type BookedOrder,
  type BulkPriceLine,
  type DoughOffer,
} from '../domain';
import { answer, unwrap, type ApiClient, type FetchResult, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { refusalFrom } from './refusal';

/**
 * The back office's edge: wire records ↔ form values, and the server's refusals → the editor's
 * outcomes (422 field errors, 409 `record.stale` with the record as it is now).
 */

/** The JSON body an operation of the contract takes. */
export type WriteBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/**
 * A write body as its form holds it: every field present, and a text the contract allows to be null
 * holds '' while empty, as its field shows it (`textOrNull` turns it back).
 */
export type FormOf<Write> = {
  [K in keyof Write]-?: string extends Exclude<Write[K], null | undefined> ? string : Exclude<Write[K], undefined>;
};

/** An empty optional text goes as null. */
export const textOrNull = (text: string) => text || null;

/** How one form's record is read and saved; `save` creates when the request has no id. */
export interface RecordEdge<V extends RecordValues, Wire extends { version: number; id?: number }, Answer> {
  load(id: number): Promise<Wire>;
  save(request: SaveRequest<V>): Promise<FetchResult<Answer>>;
  /** the saved record in the answer */
  saved(answer: Answer): Wire;
  values(record: Wire): V;
}

/** A form's two editor actors, from how its record is read and saved. */
export function editorActors<V extends RecordValues, Wire extends { version: number; id?: number }, Answer>(
  edge: RecordEdge<V, Wire, Answer>,
): RecordEditorActors<V> {
  return {
    loadRecord: fromPromise(async ({ input }) => {
      const record = await edge.load(input.id);
      return { values: edge.values(record), version: record.version };
    }),
    saveRecord: fromPromise(async ({ input }) => {
      const result = answer(await edge.save(input), [409, 422], (status, body) => saveRefusal(status, body, edge.values));
      if (typeof result === 'object' && result !== null && 'kind' in result) return result as SaveOutcome<V>;
      const record = edge.saved(result as Answer);
      // A record of settings has no id: its editor keeps the one it was opened with.
      return { kind: 'saved', id: record.id ?? input.id ?? 0, values: edge.values(record), version: record.version };
    }),
  };
}

/** The orders a 409 `schedule.orders_booked` lists. */
export const bookedOrdersOf = (body: unknown): BookedOrder[] =>
  ((body as { orders?: Schemas['Error']['orders'] }).orders ?? []).map((o) => ({
    id: o.id,
    orderNum: o.order_num,
    date: o.delivery_date,
    time: o.delivery_time,
    name: o.name,
  }));

/** 'N. 12 · 24/12/2026 20:00 · Mario Rossi' */
export const bookedOrderLine = (o: BookedOrder) => `N. ${o.orderNum} · ${formatShopDate(o.date)} ${o.time} · ${o.name}`;

/** No minimum (or a free delivery) shows as an empty field: '0,00' would read as something typed. */
export const euroText = (typed: string) => (typed === '0,00' ? '' : typed);

/** 422 and 409 are answers the editor shows; anything else is a failure it offers to retry. */
export function saveRefusal<V extends RecordValues, Wire>(
  status: number,
  body: unknown,
  currentValues: (current: Wire) => V,
): SaveOutcome<V> {
  const refusal = refusalFrom(body);
  if (status === 409 && refusal.code === 'schedule.orders_booked') {
    return { kind: 'confirm', message: refusal.message, details: bookedOrdersOf(body).map(bookedOrderLine) };
  }
  if (status === 409 && refusal.code === 'record.stale') {
    const current = (body as { current: Wire & { version: number } }).current;
    return { kind: 'stale', message: refusal.message, values: currentValues(current), version: current.version };
  }
  return { kind: 'invalid', message: refusal.message, errors: refusal.errors };
}

// --- products --------------------------------------------------------------------------------

type AdminProduct = Schemas['AdminProduct'];

/** A product as its form holds it: the price as the owner types it ('6,50'), the doughs' offer by name. */
export type ProductForm = Omit<FormOf<Schemas['AdminProductUpdate']>, 'version' | 'allow_variants'> & { allow_variants: DoughOffer };

export const productValues = (p: AdminProduct): ProductForm => ({
  category_id: p.category_id,
  name: p.name,
  description: p.description,
  price: formatEuroInput(toCents(p.price)),
  note: p.note ?? '',
  image_url: p.image_url ?? '',
  visible: p.visible,
  is_upsell: p.is_upsell,
  allow_variants: doughOfferOf(p.allow_variants),
  variant_ids: p.variant_ids,
  archived: p.archived,
  allergens: p.allergens,
  may_contain: p.may_contain,
  diet: p.diet,
  frozen: p.frozen,
  base_dough_id: p.base_dough_id,
});

export const BLANK_PRODUCT: ProductForm = {
  category_id: null,
  name: '',
  description: '',
  price: '',
  note: '',
  image_url: '',
  visible: true,
  is_upsell: false,
  allow_variants: DOUGH_OFFER.plainOnly,
  variant_ids: [],
  archived: false,
  allergens: [],
  may_contain: [],
  diet: [],
  frozen: false,
  base_dough_id: null,
};

const productWrite = ({ archived: _archived, ...values }: ProductForm): Schemas['AdminProductWrite'] => ({
  ...values,
  note: textOrNull(values.note),
  image_url: textOrNull(values.image_url),
});

export function createProductEditorActors(api: ApiClient) {
  return editorActors({
    load: async (id) => unwrap(await api.GET('/api/v1/admin/products/{id}', { params: { path: { id } } })).product,
    save: ({ id, values, version }) =>
      id === null
        ? api.POST('/api/v1/admin/products', { body: productWrite(values) })
        : api.PUT('/api/v1/admin/products/{id}', {
            params: { path: { id } },
            body: { ...productWrite(values), version, archived: values.archived },
          }),
    saved: (body) => body.product,
    values: productValues,
  });
}

// --- lists -----------------------------------------------------------------------------------

export interface MenuProductRow extends ListRow {
  name: string;
  categoryId: number;
  price: number;
  visible: boolean;
  archived: boolean;
  soldOut: boolean;
}

export interface MenuCategory {
  id: number;
  name: string;
}

export interface MenuDough {
  id: number;
  name: string;
  priceModifier: number;
  /** a base dough: what a product is made on, never offered as a choice */
  base: boolean;
}

const menuRows = (menu: Schemas['AdminMenu']): MenuProductRow[] =>
  menu.products.map((p) => ({
    id: p.id,
    version: p.version,
    searchText: p.name,
    name: p.name,
    categoryId: p.category_id,
    price: p.price,
    visible: p.visible,
    archived: p.archived,
    soldOut: p.sold_out,
  }));

/** A list whose rows change in their editor, or never (the register): it only loads. */
export const readOnlyListActors = (load: () => Promise<ListRow[]>) =>
  ({
    loadList: fromPromise<ListRow[]>(load),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async () => {
      throw new Error('this list has no row actions');
    }),
  }) satisfies ActorsOf<typeof recordListMachine>;

/** Row actions answer the list as it is now; a refusal (stale, gone) carries its message and the reloaded list. */
export async function rowAction<Row extends ListRow>(
  run: () => Promise<{ message?: string } | { refused: string }>,
  reload: () => Promise<Row[]>,
): Promise<RowActionOutcome<Row>> {
  const outcome = await run();
  const rows = await reload();
  return 'refused' in outcome ? { kind: 'refused', message: outcome.refused, rows } : { kind: 'done', rows, message: outcome.message };
}

export const refusedWith = (_status: number, body: unknown) => ({ refused: refusalFrom(body).message });

/** The menu's products as a list; its categories and doughs go to `onOptions` for the product form's choices. */
export function createMenuListActors(api: ApiClient, onOptions: (options: { categories: MenuCategory[]; doughs: MenuDough[] }) => void) {
  const load = async () => {
    const menu = unwrap(await api.GET('/api/v1/admin/menu'));
    onOptions({
      categories: menu.categories.map((c) => ({ id: c.id, name: c.name })),
      doughs: menu.doughs.map((d) => ({ id: d.id, name: d.name, priceModifier: d.price_modifier, base: d.base })),
    });
    return menuRows(menu);
  };
  return {
    loadList: fromPromise<ListRow[]>(load),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async ({ input }) =>
      rowAction(async () => {
        if (input.action !== 'product.remove') throw new Error(`unknown action ${input.action}`);
        const result = await api.DELETE('/api/v1/admin/products/{id}', {
          params: { path: { id: input.id }, query: { version: input.version } },
        });
        return answer(result, [404, 409], refusedWith);
      }, load),
    ),
  } satisfies ActorsOf<typeof recordListMachine>;
}

export interface SoldOutRow extends ListRow {
  name: string;
  categoryName: string;
  soldOut: boolean;
  isAddition: boolean;
}

const soldOutRows = (list: Schemas['SoldOutList']): SoldOutRow[] =>
  list.items.map((item) => ({
    id: item.id,
    version: item.version,
    searchText: `${item.name} ${item.category_name}`,
    name: item.name,
    categoryName: item.category_name,
    soldOut: item.sold_out,
    isAddition: item.is_addition,
  }));

export function createSoldOutActors(api: ApiClient) {
  const load = async () => soldOutRows(unwrap(await api.GET('/api/v1/admin/sold-out')));
  return {
    loadList: fromPromise<ListRow[]>(load),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async ({ input }) =>
      rowAction(async () => {
        const result = await api.POST('/api/v1/admin/sold-out/{id}', {
          params: { path: { id: input.id } },
          body: { sold_out: input.payload === true, version: input.version },
        });
        return answer(result, [404, 409], refusedWith);
      }, load),
    ),
  } satisfies ActorsOf<typeof recordListMachine>;
}

export interface AuditRow extends ListRow {
  at: string;
  userName: string;
  entity: string;
  action: Schemas['AuditEntry']['action'];
  label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The register of one shop day (null: the server's today). */
export function createAuditActors(api: ApiClient, date: string | null) {
  return readOnlyListActors(async () => {
    const { entries } = unwrap(await api.GET('/api/v1/admin/audit', { params: { query: date ? { date } : {} } }));
    return entries.map((e): AuditRow => ({
      id: e.id,
      version: 0,
      searchText: `${e.label} ${e.user_name}`,
      at: e.at,
      userName: e.user_name,
      entity: e.entity,
      action: e.action,
      label: e.label,
      before: e.before,
      after: e.after,
    }));
  });
}

// --- bulk price ------------------------------------------------------------------------------

const bulkLinesFromWire = (preview: Schemas['BulkPricePreview']): BulkPriceLine[] =>
  preview.items.map((item) => ({
    id: item.id,
    version: item.version,
    name: item.name,
    categoryName: item.category_name,
    oldCents: toCents(item.old_price),
    newCents: toCents(item.new_price),
  }));

export function createBulkPriceActors(api: ApiClient) {
  const request = (choice: BulkPriceChoice) => ({ category_ids: choice.categoryIds, mode: choice.mode, amount: choice.amount });
  return {
    previewPrices: fromPromise<PreviewOutcome, BulkPriceChoice>(async ({ input }) => {
      const result = answer(await api.POST('/api/v1/admin/prices/preview', { body: request(input) }), [422], (_, body) => body);
      if ('items' in (result as object)) return { kind: 'preview', lines: bulkLinesFromWire(result as Schemas['BulkPricePreview']) };
      const refusal = refusalFrom(result);
      return { kind: 'invalid', message: refusal.message, errors: refusal.errors };
    }),
    applyPrices: fromPromise<ApplyOutcome, BulkPriceChoice & { lines: BulkPriceLine[] }>(async ({ input }) => {
      const body = { ...request(input), products: input.lines.map((l) => ({ id: l.id, version: l.version })) };
      const result = answer(await api.POST('/api/v1/admin/prices/apply', { body }), [409, 422], (status, refused) => ({ status, refused }));
      if ('items' in result) return { kind: 'applied', message: result.message ?? '' };
      const refusal = refusalFrom(result.refused);
      return result.status === 409
        ? { kind: 'stale', message: refusal.message }
        : { kind: 'invalid', message: refusal.message, errors: refusal.errors };
    }),
  } satisfies ActorsOf<typeof bulkPriceMachine>;
}
