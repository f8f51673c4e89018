import { fromPromise } from 'xstate';
import type { SpecialDayForm, SpecialDaySaveOutcome, specialDayMachine } from '../../machines/specialDay.machine';
import type { ApplyOutcome, BulkPriceChoice, BulkPriceLine, bulkPriceMachine, PreviewOutcome } from '../../machines/bulkPrice.machine';
import type { LoadedRecord, RecordValues, SaveOutcome, SaveRequest, recordEditorMachine } from '../../machines/recordEditor.machine';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { formatEuroInput, formatShopDate, parseEuroInput, SERVICES, toCents, type Cents } from '../domain';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { refusalFrom } from './refusal';

/**
 * The back office's edge: wire records ↔ form values, and the server's refusals → the editor's
 * outcomes (422 field errors, 409 `record.stale` with the record as it is now).
 */

type AdminProduct = Schemas['AdminProduct'];

/** A product as its form holds it: the price as the owner types it ('6,50'), doughs as a list. */
export const productValues = (p: AdminProduct): RecordValues => ({
  category_id: p.category_id,
  name: p.name,
  description: p.description,
  price: formatEuroInput(toCents(p.price)),
  note: p.note ?? '',
  image_url: p.image_url ?? '',
  visible: p.visible,
  is_upsell: p.is_upsell,
  allow_variants: p.allow_variants,
  variant_ids: p.variant_ids.join(','),
  archived: p.archived,
});

export const BLANK_PRODUCT: RecordValues = {
  category_id: null,
  name: '',
  description: '',
  price: '',
  note: '',
  image_url: '',
  visible: true,
  is_upsell: false,
  allow_variants: 2,
  variant_ids: '',
  archived: false,
};

const productWrite = (values: RecordValues) => ({
  category_id: values.category_id === null ? null : Number(values.category_id),
  name: String(values.name ?? ''),
  description: String(values.description ?? ''),
  price: String(values.price ?? ''),
  note: values.note ? String(values.note) : null,
  image_url: values.image_url ? String(values.image_url) : null,
  visible: Boolean(values.visible),
  is_upsell: Boolean(values.is_upsell),
  allow_variants: Number(values.allow_variants ?? 2),
  variant_ids: String(values.variant_ids ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number),
});

/** The orders a 409 `schedule.orders_booked` lists. */
const bookedOrdersOf = (body: unknown) =>
  ((body as { orders?: Schemas['Error']['orders'] }).orders ?? []).map((o) => ({
    id: o.id,
    orderNum: o.order_num,
    date: o.delivery_date,
    time: o.delivery_time,
    name: o.name,
  }));

/** 'N. 12 · 24/12/2026 20:00 · Mario Rossi' */
export const bookedOrderLine = (o: { orderNum: number; date: string; time: string; name: string }) =>
  `N. ${o.orderNum} · ${formatShopDate(o.date)} ${o.time} · ${o.name}`;

/** 422 and 409 are answers the editor shows; anything else is a failure it offers to retry. */
export function saveRefusal(status: number, body: unknown, currentValues: (current: never) => RecordValues): SaveOutcome {
  const refusal = refusalFrom(body);
  if (status === 409 && refusal.code === 'schedule.orders_booked') {
    return { kind: 'confirm', message: refusal.message, details: bookedOrdersOf(body).map(bookedOrderLine) };
  }
  if (status === 409 && refusal.code === 'record.stale') {
    const current = (body as { current: { version: number } }).current;
    return { kind: 'stale', message: refusal.message, values: currentValues(current as never), version: current.version };
  }
  return { kind: 'invalid', message: refusal.message, errors: refusal.errors };
}

export function createProductEditorActors(api: ApiClient) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async ({ input }) => {
      const { product } = unwrap(await api.GET('/api/v1/admin/products/{id}', { params: { path: { id: input.id } } }));
      return { values: productValues(product), version: product.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const refuse = (status: number, body: unknown) => saveRefusal(status, body, productValues);
      const result =
        input.id === null
          ? answer(await api.POST('/api/v1/admin/products', { body: productWrite(input.values) }), [422], refuse)
          : answer(
              await api.PUT('/api/v1/admin/products/{id}', {
                params: { path: { id: input.id } },
                body: { ...productWrite(input.values), version: input.version, archived: Boolean(input.values.archived) },
              }),
              [409, 422],
              refuse,
            );
      if ('kind' in result) return result;
      return { kind: 'saved', id: result.product.id, values: productValues(result.product), version: result.product.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
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
      doughs: menu.doughs.map((d) => ({ id: d.id, name: d.name, priceModifier: d.price_modifier })),
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
  return {
    loadList: fromPromise<ListRow[]>(async () => {
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
    }),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async () => {
      throw new Error('the register is read-only');
    }),
  } satisfies ActorsOf<typeof recordListMachine>;
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

// --- special days ----------------------------------------------------------------------------

export interface SpecialDayRow extends ListRow {
  dateFrom: string;
  dateUntil: string;
  closed: boolean;
  firstSlot: string | null;
  lastSlot: string | null;
  message: string | null;
}

export function createSpecialDayListActors(api: ApiClient) {
  const load = async (): Promise<SpecialDayRow[]> =>
    unwrap(await api.GET('/api/v1/admin/special-days')).items.map((d) => ({
      id: d.id,
      version: d.version,
      searchText: `${d.date_from} ${d.message ?? ''}`,
      dateFrom: d.date_from,
      dateUntil: d.date_until,
      closed: d.closed,
      firstSlot: d.first_slot,
      lastSlot: d.last_slot,
      message: d.message,
    }));
  return {
    loadList: fromPromise<ListRow[]>(load),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async ({ input }) =>
      rowAction(async () => {
        const result = await api.DELETE('/api/v1/admin/special-days/{id}', {
          params: { path: { id: input.id }, query: { version: input.version } },
        });
        return answer(result, [404, 409], refusedWith);
      }, load),
    ),
  } satisfies ActorsOf<typeof recordListMachine>;
}

export function createSpecialDayActors(api: ApiClient) {
  return {
    saveSpecialDay: fromPromise<SpecialDaySaveOutcome, { form: SpecialDayForm; confirm: boolean }>(async ({ input }) => {
      const { form } = input;
      const body = {
        date_from: form.date_from,
        date_until: form.date_until,
        closed: form.closed,
        first_slot: form.closed || !form.first_slot ? null : form.first_slot,
        last_slot: form.closed || !form.last_slot ? null : form.last_slot,
        message: form.message.trim() || null,
        confirm: input.confirm,
      };
      const result = answer(await api.POST('/api/v1/admin/special-days', { body }), [409, 422], (status, refused) => ({ status, refused }));
      if ('special_day' in result) return { kind: 'saved', message: result.message };
      const refusal = refusalFrom(result.refused);
      if (refusal.code === 'schedule.orders_booked') {
        return { kind: 'booked', message: refusal.message, orders: bookedOrdersOf(result.refused) };
      }
      return { kind: 'invalid', message: refusal.message, errors: refusal.errors };
    }),
  } satisfies ActorsOf<typeof specialDayMachine>;
}

// --- discount codes --------------------------------------------------------------------------

type AdminDiscountCode = Schemas['AdminDiscountCode'];

/** No minimum (or a free delivery) shows as an empty field: '0,00' would read as something typed. */
const euroText = (typed: string) => (typed === '0,00' ? '' : typed);

const codeValues = (c: AdminDiscountCode): RecordValues => ({
  code: c.code,
  kind: c.kind,
  amount: c.amount,
  min_order: euroText(c.min_order),
  delivery: c.delivery,
  valid_from: c.valid_from ?? '',
  valid_until: c.valid_until ?? '',
  label: c.label,
  active: c.active,
});

export const BLANK_CODE: RecordValues = {
  code: '',
  kind: 'percent',
  amount: '',
  min_order: '',
  delivery: 'any',
  valid_from: '',
  valid_until: '',
  label: '',
  active: true,
};

const codeWrite = (values: RecordValues) => ({
  code: String(values.code ?? ''),
  kind: values.kind === 'fixed' ? ('fixed' as const) : ('percent' as const),
  amount: String(values.amount ?? ''),
  min_order: String(values.min_order ?? ''),
  delivery: (['consegna', 'ritiro'].includes(String(values.delivery)) ? values.delivery : 'any') as 'any' | 'consegna' | 'ritiro',
  valid_from: values.valid_from ? String(values.valid_from) : null,
  valid_until: values.valid_until ? String(values.valid_until) : null,
  label: String(values.label ?? ''),
  active: Boolean(values.active),
});

export function createDiscountCodeEditorActors(api: ApiClient) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async ({ input }) => {
      const { code } = unwrap(await api.GET('/api/v1/admin/discount-codes/{id}', { params: { path: { id: input.id } } }));
      return { values: codeValues(code), version: code.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const refuse = (status: number, body: unknown) => saveRefusal(status, body, codeValues);
      const result =
        input.id === null
          ? answer(await api.POST('/api/v1/admin/discount-codes', { body: codeWrite(input.values) }), [422], refuse)
          : answer(
              await api.PUT('/api/v1/admin/discount-codes/{id}', {
                params: { path: { id: input.id } },
                body: { ...codeWrite(input.values), version: input.version },
              }),
              [409, 422],
              refuse,
            );
      if ('kind' in result) return result;
      return { kind: 'saved', id: result.code.id, values: codeValues(result.code), version: result.code.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}

export interface DiscountCodeRow extends ListRow {
  code: string;
  label: string;
  active: boolean;
  timesUsed: number;
  summary: string;
}

export function createDiscountCodeListActors(api: ApiClient) {
  return {
    loadList: fromPromise<ListRow[]>(async () =>
      unwrap(await api.GET('/api/v1/admin/discount-codes')).items.map((c): DiscountCodeRow => ({
        id: c.id,
        version: c.version,
        searchText: `${c.code} ${c.label}`,
        code: c.code,
        label: c.label,
        active: c.active,
        timesUsed: c.times_used,
        summary: c.kind === 'percent' ? `${c.amount}%` : `${c.amount} €`,
      })),
    ),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async () => {
      throw new Error('codes change in their editor');
    }),
  } satisfies ActorsOf<typeof recordListMachine>;
}

// --- hours -----------------------------------------------------------------------------------

type WeeklyHoursWire = Schemas['WeeklyHours'];

/** A window's field: 'week.2.dinner.first', the name the server's errors use too. */
export const windowField = (weekday: number, service: (typeof SERVICES)[number], end: 'first' | 'last') =>
  `week.${weekday}.${service}.${end}`;

const hoursValues = (h: WeeklyHoursWire): RecordValues => ({
  ...Object.fromEntries(
    h.week.flatMap((day, weekday) =>
      SERVICES.flatMap((service) => [
        [windowField(weekday, service, 'first'), day[service]?.first ?? ''],
        [windowField(weekday, service, 'last'), day[service]?.last ?? ''],
      ]),
    ),
  ),
  slot_capacity: String(h.slot_capacity),
  lead_minutes: String(h.lead_minutes),
  dough_choice: h.dough_choice,
});

const typedWindow = (values: RecordValues, weekday: number, service: (typeof SERVICES)[number]) => ({
  first: String(values[windowField(weekday, service, 'first')] ?? ''),
  last: String(values[windowField(weekday, service, 'last')] ?? ''),
});

/** The weekly hours form: one record (no id), saved as the owner typed it; booked orders are asked about. */
export function createWeeklyHoursActors(api: ApiClient) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async () => {
      const { hours } = unwrap(await api.GET('/api/v1/admin/hours'));
      return { values: hoursValues(hours), version: hours.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const { values } = input;
      const body = {
        version: input.version,
        week: Array.from({ length: 7 }, (_, weekday) => ({
          lunch: typedWindow(values, weekday, 'lunch'),
          dinner: typedWindow(values, weekday, 'dinner'),
        })),
        slot_capacity: String(values.slot_capacity ?? ''),
        lead_minutes: String(values.lead_minutes ?? ''),
        dough_choice: Boolean(values.dough_choice),
        confirm: input.confirmed,
      };
      const result = answer(await api.PUT('/api/v1/admin/hours', { body }), [409, 422], (status, refused) =>
        saveRefusal(status, refused, hoursValues),
      );
      if ('kind' in result) return result;
      return { kind: 'saved', id: 0, values: hoursValues(result.hours), version: result.hours.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}

type OnlineOrderingWire = Schemas['OnlineOrdering'];

const onlineValues = (o: OnlineOrderingWire): RecordValues => ({
  closed: o.closed,
  message: o.message,
  until_tomorrow: o.closed && o.until !== null,
});

/** 'Ordini online chiusi': the switch, its message, and whether it ends tomorrow. */
export function createOnlineOrderingActors(api: ApiClient) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async () => {
      const { online_ordering: state } = unwrap(await api.GET('/api/v1/admin/hours'));
      return { values: onlineValues(state), version: state.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const body = {
        version: input.version,
        closed: Boolean(input.values.closed),
        message: String(input.values.message ?? ''),
        until_tomorrow: Boolean(input.values.until_tomorrow),
      };
      const result = answer(await api.PUT('/api/v1/admin/online-ordering', { body }), [409, 422], (status, refused) =>
        saveRefusal(status, refused, onlineValues),
      );
      if ('kind' in result) return result;
      const state = result.online_ordering;
      return { kind: 'saved', id: 0, values: onlineValues(state), version: state.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}

// --- texts -----------------------------------------------------------------------------------

type ShopTextsWire = Schemas['ShopTexts'];

const textsValues = ({ version: _version, ...texts }: ShopTextsWire): RecordValues => texts;

/** 'Testi': one record of plain texts, saved as typed. */
export function createTextsActors(api: ApiClient) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async () => {
      const { texts } = unwrap(await api.GET('/api/v1/admin/texts'));
      return { values: textsValues(texts), version: texts.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const typed = Object.fromEntries(Object.entries(input.values).map(([key, value]) => [key, String(value ?? '')]));
      const body = { ...(typed as Omit<ShopTextsWire, 'version'>), version: input.version };
      const result = answer(await api.PUT('/api/v1/admin/texts', { body }), [409, 422], (status, refused) =>
        saveRefusal(status, refused, textsValues),
      );
      if ('kind' in result) return result;
      return { kind: 'saved', id: 0, values: textsValues(result.texts), version: result.texts.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}

// --- news ------------------------------------------------------------------------------------

type AdminNewsPost = Schemas['AdminNewsPost'];

export interface NewsRow extends ListRow {
  title: string;
  published: boolean;
  publishedAt: string;
}

const newsValues = (p: AdminNewsPost): RecordValues => ({
  title: p.title,
  description: p.description,
  content: p.content,
  image_url: p.image_url ?? '',
  published: p.published,
});

export const BLANK_NEWS: RecordValues = { title: '', description: '', content: '', image_url: '', published: false };

const newsWrite = (values: RecordValues) => ({
  title: String(values.title ?? ''),
  description: String(values.description ?? ''),
  content: String(values.content ?? ''),
  image_url: values.image_url ? String(values.image_url) : null,
  published: Boolean(values.published),
});

export function createNewsListActors(api: ApiClient) {
  return {
    loadList: fromPromise<ListRow[]>(async () =>
      unwrap(await api.GET('/api/v1/admin/news')).items.map((p): NewsRow => ({
        id: p.id,
        version: p.version,
        searchText: p.title,
        title: p.title,
        published: p.published,
        publishedAt: p.published_at,
      })),
    ),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async () => {
      throw new Error('posts change in their editor');
    }),
  } satisfies ActorsOf<typeof recordListMachine>;
}

export function createNewsEditorActors(api: ApiClient) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async ({ input }) => {
      const { post } = unwrap(await api.GET('/api/v1/admin/news/{id}', { params: { path: { id: input.id } } }));
      return { values: newsValues(post), version: post.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const refuse = (status: number, body: unknown) => saveRefusal(status, body, newsValues);
      const result =
        input.id === null
          ? answer(await api.POST('/api/v1/admin/news', { body: newsWrite(input.values) }), [422], refuse)
          : answer(
              await api.PUT('/api/v1/admin/news/{id}', {
                params: { path: { id: input.id } },
                body: { ...newsWrite(input.values), version: input.version },
              }),
              [409, 422],
              refuse,
            );
      if ('kind' in result) return result;
      return { kind: 'saved', id: result.post.id, values: newsValues(result.post), version: result.post.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}

// --- staff -----------------------------------------------------------------------------------

export interface StaffRow extends ListRow {
  name: string;
  email: string;
  active: boolean;
}

/** The staff list: disable or re-enable an account ('staff.active', payload true/false), or mail a password link ('staff.link'). */
export function createStaffListActors(api: ApiClient) {
  const load = async () =>
    unwrap(await api.GET('/api/v1/admin/staff')).items.map((m): StaffRow => ({
      id: m.id,
      version: m.version,
      searchText: `${m.name} ${m.email}`,
      name: m.name,
      email: m.email,
      active: m.active,
    }));
  return {
    loadList: fromPromise<ListRow[]>(load),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async ({ input }) =>
      rowAction(async () => {
        const path = { params: { path: { id: input.id } } };
        const result =
          input.action === 'staff.link'
            ? await api.POST('/api/v1/admin/staff/{id}/password-link', path)
            : await api.PUT('/api/v1/admin/staff/{id}', { ...path, body: { active: input.payload === true, version: input.version } });
        return answer(result, [404, 409], refusedWith);
      }, load),
    ),
  } satisfies ActorsOf<typeof recordListMachine>;
}

export const BLANK_STAFF: RecordValues = { name: '', email: '' };

/** A new staff account: name and e-mail; the server mails the link to choose a password. */
export function createStaffEditorActors(api: ApiClient) {
  const values = (m: Schemas['StaffMember']): RecordValues => ({ name: m.name, email: m.email });
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async () => {
      throw new Error('staff accounts are created here, changed from the list');
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const body = { name: String(input.values.name ?? ''), email: String(input.values.email ?? '') };
      const result = answer(await api.POST('/api/v1/admin/staff', { body }), [422], (status, refused) =>
        saveRefusal(status, refused, values),
      );
      if ('kind' in result) return result;
      return { kind: 'saved', id: result.member.id, values: values(result.member), version: result.member.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}

// --- zones -----------------------------------------------------------------------------------

type AdminZoneWire = Schemas['AdminZone'];

export interface ZoneRow extends ListRow {
  name: string;
  active: boolean;
  feeCents: Cents;
  minOrderCents: Cents;
  locked: boolean;
  uses: number;
}

export const BLANK_ZONE: RecordValues = { name: '', active: true, fee: '', min_order: '' };
const zoneValues = (z: AdminZoneWire): RecordValues => ({
  name: z.name,
  active: z.active,
  fee: euroText(z.fee),
  min_order: euroText(z.min_order),
});

/** The zones: delete one nothing names ('zone.remove'); the rest is done in the editor. */
export function createZoneListActors(api: ApiClient) {
  const load = async () =>
    unwrap(await api.GET('/api/v1/admin/zones')).items.map((z): ZoneRow => ({
      id: z.id,
      version: z.version,
      searchText: z.name,
      name: z.name,
      active: z.active,
      feeCents: parseEuroInput(z.fee) ?? 0,
      minOrderCents: parseEuroInput(z.min_order) ?? 0,
      locked: z.locked,
      uses: z.uses,
    }));
  return {
    loadList: fromPromise<ListRow[]>(load),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async ({ input }) =>
      rowAction(async () => {
        const result = await api.DELETE('/api/v1/admin/zones/{id}', {
          params: { path: { id: input.id }, query: { version: input.version } },
        });
        return answer(result, [404, 409], refusedWith);
      }, load),
    ),
  } satisfies ActorsOf<typeof recordListMachine>;
}

export function createZoneEditorActors(api: ApiClient) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async ({ input }) => {
      const { zone } = unwrap(await api.GET('/api/v1/admin/zones/{id}', { params: { path: { id: input.id } } }));
      return { values: zoneValues(zone), version: zone.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const refuse = (status: number, body: unknown) => saveRefusal(status, body, zoneValues);
      // Euros go as typed: the server parses them once and answers its own words under the field.
      const body = {
        name: String(input.values.name ?? ''),
        fee: String(input.values.fee ?? ''),
        min_order: String(input.values.min_order ?? ''),
      };
      const result =
        input.id === null
          ? answer(await api.POST('/api/v1/admin/zones', { body }), [422], refuse)
          : answer(
              await api.PUT('/api/v1/admin/zones/{id}', {
                params: { path: { id: input.id } },
                body: { ...body, active: Boolean(input.values.active), version: input.version },
              }),
              [409, 422],
              refuse,
            );
      if ('kind' in result) return result;
      return { kind: 'saved', id: result.zone.id, values: zoneValues(result.zone), version: result.zone.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}
