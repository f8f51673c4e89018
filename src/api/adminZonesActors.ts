import { fromPromise } from 'xstate';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { parseEuroInput, type Cents } from '../domain';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { editorActors, euroText, refusedWith, rowAction, type FormOf, type WriteBody } from './adminActors';

/** Delivery zones in the back office: the list and the editor (fee and minimum order in euros). */

type AdminZoneWire = Schemas['AdminZone'];

export interface ZoneRow extends ListRow {
  name: string;
  active: boolean;
  feeCents: Cents;
  minOrderCents: Cents;
  locked: boolean;
  uses: number;
}

/** A zone as its form holds it: fee and minimum order as typed, in euros. */
export type ZoneForm = Omit<FormOf<WriteBody<'updateAdminZone'>>, 'version'>;

export const BLANK_ZONE: ZoneForm = { name: '', active: true, fee: '', min_order: '' };
const zoneValues = (z: AdminZoneWire): ZoneForm => ({
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
  return editorActors({
    load: async (id) => unwrap(await api.GET('/api/v1/admin/zones/{id}', { params: { path: { id } } })).zone,
    // Euros go as typed: the server parses them once and answers its own words under the field.
    save: ({ id, values: { active, ...created }, version }) =>
      id === null
        ? api.POST('/api/v1/admin/zones', { body: created })
        : api.PUT('/api/v1/admin/zones/{id}', { params: { path: { id } }, body: { ...created, active, version } }),
    saved: (body) => body.zone,
    values: zoneValues,
  });
}
