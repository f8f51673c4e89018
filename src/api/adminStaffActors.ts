import { fromPromise } from 'xstate';
import type { LoadedRecord, RecordValues, SaveOutcome, SaveRequest, recordEditorMachine } from '../../machines/recordEditor.machine';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { saveRefusal, rowAction, refusedWith } from './adminActors';

/** Staff accounts in the back office: the list and the editor. */

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
