import { fromPromise } from 'xstate';
import type { LoadedRecord, RecordValues, SaveOutcome, SaveRequest, recordEditorMachine } from '../../machines/recordEditor.machine';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { formatEuroInput, isCategoryGroup, toCents } from '../domain';
import { answer, unwrap, type ApiClient, type FetchResult, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { refusedWith, rowAction, saveRefusal } from './adminActors';

/**
 * The menu's structure in the back office: categories (order, group, visibility) and doughs (price
 * modifier, order). Lists move rows one place at a time ('move.up', 'move.down') and delete empty ones
 * ('remove'); editors save by version.
 */

/** A record editor's two I/O actors, from how one record is read, created and updated. */
function editorActors<Wire extends { id: number; version: number }>(recordOf: {
  load(id: number): Promise<Wire>;
  create(values: RecordValues): Promise<FetchResult<Record<string, unknown>>>;
  update(id: number, values: RecordValues, version: number): Promise<FetchResult<Record<string, unknown>>>;
  /** the saved record in a create or update answer */
  saved(body: Record<string, unknown>): Wire;
  values(record: Wire): RecordValues;
}) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async ({ input }) => {
      const record = await recordOf.load(input.id);
      return { values: recordOf.values(record), version: record.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const refuse = (status: number, body: unknown) => saveRefusal(status, body, recordOf.values as (current: never) => RecordValues);
      const result =
        input.id === null
          ? answer(await recordOf.create(input.values), [422], refuse)
          : answer(await recordOf.update(input.id, input.values, input.version), [409, 422], refuse);
      if ('kind' in result) return result as SaveOutcome;
      const record = recordOf.saved(result);
      return { kind: 'saved', id: record.id, values: recordOf.values(record), version: record.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}

/** A list whose rows move up and down and are deleted when nothing uses them. */
function orderedListActors<Row extends ListRow>(
  load: () => Promise<Row[]>,
  act: {
    move(id: number, direction: 'up' | 'down', version: number): Promise<FetchResult<{ message: string }>>;
    remove(id: number, version: number): Promise<FetchResult<{ message: string }>>;
  },
) {
  return {
    loadList: fromPromise<ListRow[]>(load),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async ({ input }) =>
      rowAction(async () => {
        const result =
          input.action === 'remove'
            ? await act.remove(input.id, input.version)
            : await act.move(input.id, input.action === 'move.up' ? 'up' : 'down', input.version);
        return answer(result, [404, 409], refusedWith);
      }, load),
    ),
  } satisfies ActorsOf<typeof recordListMachine>;
}

// --- categories ------------------------------------------------------------------------------

type AdminCategory = Schemas['AdminCategory'];

export interface CategoryRow extends ListRow {
  name: string;
  position: number;
  visible: boolean;
  additionsEnabled: boolean;
  group: AdminCategory['group'];
  products: number;
  locked: boolean;
}

/** The form's choice for a category in no kitchen group. */
export const NO_GROUP = 'nessuno';

export const BLANK_CATEGORY: RecordValues = { name: '', group: NO_GROUP, visible: true, additions_enabled: false };

const categoryValues = (c: AdminCategory): RecordValues => ({
  name: c.name,
  group: c.group ?? NO_GROUP,
  visible: c.visible,
  additions_enabled: c.additions_enabled,
});

const categoryWrite = (values: RecordValues) => ({
  name: String(values.name ?? ''),
  group: isCategoryGroup(values.group) ? values.group : null,
  visible: Boolean(values.visible),
  additions_enabled: Boolean(values.additions_enabled),
});

export function createCategoryListActors(api: ApiClient) {
  const load = async () =>
    unwrap(await api.GET('/api/v1/admin/categories')).items.map((c): CategoryRow => ({
      id: c.id,
      version: c.version,
      searchText: c.name,
      name: c.name,
      position: c.position,
      visible: c.visible,
      additionsEnabled: c.additions_enabled,
      group: c.group,
      products: c.products,
      locked: c.locked,
    }));
  return orderedListActors(load, {
    move: (id, direction, version) =>
      api.POST('/api/v1/admin/categories/{id}/move', { params: { path: { id } }, body: { direction, version } }),
    remove: (id, version) => api.DELETE('/api/v1/admin/categories/{id}', { params: { path: { id }, query: { version } } }),
  });
}

export function createCategoryEditorActors(api: ApiClient) {
  return editorActors<AdminCategory>({
    load: async (id) => unwrap(await api.GET('/api/v1/admin/categories/{id}', { params: { path: { id } } })).category,
    create: (values) => api.POST('/api/v1/admin/categories', { body: categoryWrite(values) }),
    update: (id, values, version) =>
      api.PUT('/api/v1/admin/categories/{id}', { params: { path: { id } }, body: { ...categoryWrite(values), version } }),
    saved: (body) => body.category as AdminCategory,
    values: categoryValues,
  });
}

// --- doughs ----------------------------------------------------------------------------------

type AdminDough = Schemas['AdminDough'];

export interface DoughRow extends ListRow {
  name: string;
  position: number;
  /** euros, as the wire has them */
  priceModifier: number;
  products: number;
  uses: number;
}

export const BLANK_DOUGH: RecordValues = { name: '', price_modifier: '' };

const doughValues = (d: AdminDough): RecordValues => ({ name: d.name, price_modifier: formatEuroInput(toCents(d.price_modifier)) });

const doughWrite = (values: RecordValues) => ({ name: String(values.name ?? ''), price_modifier: String(values.price_modifier ?? '') });

export function createDoughListActors(api: ApiClient) {
  const load = async () =>
    unwrap(await api.GET('/api/v1/admin/doughs')).items.map((d): DoughRow => ({
      id: d.id,
      version: d.version,
      searchText: d.name,
      name: d.name,
      position: d.position,
      priceModifier: d.price_modifier,
      products: d.products,
      uses: d.uses,
    }));
  return orderedListActors(load, {
    move: (id, direction, version) =>
      api.POST('/api/v1/admin/doughs/{id}/move', { params: { path: { id } }, body: { direction, version } }),
    remove: (id, version) => api.DELETE('/api/v1/admin/doughs/{id}', { params: { path: { id }, query: { version } } }),
  });
}

export function createDoughEditorActors(api: ApiClient) {
  return editorActors<AdminDough>({
    load: async (id) => unwrap(await api.GET('/api/v1/admin/doughs/{id}', { params: { path: { id } } })).dough,
    create: (values) => api.POST('/api/v1/admin/doughs', { body: doughWrite(values) }),
    update: (id, values, version) =>
      api.PUT('/api/v1/admin/doughs/{id}', { params: { path: { id } }, body: { ...doughWrite(values), version } }),
    saved: (body) => body.dough as AdminDough,
    values: doughValues,
  });
}
