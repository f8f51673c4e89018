import { fromPromise } from 'xstate';
import type { LoadedRecord, RecordValues, SaveOutcome, SaveRequest, recordEditorMachine } from '../../machines/recordEditor.machine';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { parseEuroInput, type Cents } from '../domain';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { saveRefusal, rowAction, refusedWith, euroText } from './adminActors';

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
