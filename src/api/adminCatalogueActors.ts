import { fromPromise } from 'xstate';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { formatEuroInput, isCategoryGroup, toCents, type CategoryGroup } from '../domain';
import { answer, unwrap, type ApiClient, type FetchResult, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { editorActors, refusedWith, rowAction, type FormOf, type WriteBody } from './adminActors';

/**
 * The menu's structure in the back office: categories (order, group, visibility) and doughs (price
 * modifier, order). Lists move rows one place at a time ('move.up', 'move.down') and delete empty ones
 * ('remove'); editors save by version.
 */

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

/** A category as its form holds it: the kitchen group is one of the select's choices, 'nessuno' included. */
export type CategoryForm = Omit<FormOf<WriteBody<'createAdminCategory'>>, 'group'> & { group: CategoryGroup | typeof NO_GROUP };

export const BLANK_CATEGORY: CategoryForm = { name: '', group: NO_GROUP, visible: true, additions_enabled: false };

const categoryValues = (c: AdminCategory): CategoryForm => ({
  name: c.name,
  group: c.group ?? NO_GROUP,
  visible: c.visible,
  additions_enabled: c.additions_enabled,
});

const categoryWrite = (values: CategoryForm): WriteBody<'createAdminCategory'> => ({
  ...values,
  group: isCategoryGroup(values.group) ? values.group : null,
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
  return editorActors({
    load: async (id) => unwrap(await api.GET('/api/v1/admin/categories/{id}', { params: { path: { id } } })).category,
    save: ({ id, values, version }) =>
      id === null
        ? api.POST('/api/v1/admin/categories', { body: categoryWrite(values) })
        : api.PUT('/api/v1/admin/categories/{id}', { params: { path: { id } }, body: { ...categoryWrite(values), version } }),
    saved: (body) => body.category,
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
  /** what products are made on, never offered */
  base: boolean;
}

/** A dough as its form holds it: the supplement as the owner types it ('1,50'). */
export type DoughForm = FormOf<WriteBody<'createAdminDough'>>;

export const BLANK_DOUGH: DoughForm = { name: '', price_modifier: '', allergens: [], may_contain: [], base: false };

const doughValues = (d: AdminDough): DoughForm => ({
  name: d.name,
  price_modifier: formatEuroInput(toCents(d.price_modifier)),
  allergens: d.allergens,
  may_contain: d.may_contain,
  base: d.base,
});

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
      base: d.base,
    }));
  return orderedListActors(load, {
    move: (id, direction, version) =>
      api.POST('/api/v1/admin/doughs/{id}/move', { params: { path: { id } }, body: { direction, version } }),
    remove: (id, version) => api.DELETE('/api/v1/admin/doughs/{id}', { params: { path: { id }, query: { version } } }),
  });
}

export function createDoughEditorActors(api: ApiClient) {
  return editorActors({
    load: async (id) => unwrap(await api.GET('/api/v1/admin/doughs/{id}', { params: { path: { id } } })).dough,
    save: ({ id, values, version }) =>
      id === null
        ? api.POST('/api/v1/admin/doughs', { body: values })
        : api.PUT('/api/v1/admin/doughs/{id}', { params: { path: { id } }, body: { ...values, version } }),
    saved: (body) => body.dough,
    values: doughValues,
  });
}
