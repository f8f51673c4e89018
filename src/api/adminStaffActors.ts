import { fromPromise } from 'xstate';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import type { StaffRole } from '../domain';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { editorActors, refusedWith, rowAction, type WriteBody } from './adminActors';

/** Staff accounts in the back office: the list and the editor. */

export interface StaffRow extends ListRow {
  name: string;
  email: string;
  role: StaffRole;
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
      role: m.role,
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

export type StaffForm = Required<WriteBody<'createStaffMember'>>;

/** A new member is a cashier unless the owner chooses otherwise. */
export const BLANK_STAFF: StaffForm = { name: '', email: '', role: 'cashier' };

/** A staff account's name, e-mail and role: a new one (the server mails the link to choose a password) or a change. */
export function createStaffEditorActors(api: ApiClient) {
  return editorActors({
    load: async (id) => unwrap(await api.GET('/api/v1/admin/staff/{id}', { params: { path: { id } } })).member,
    save: ({ id, values, version }) =>
      id === null
        ? api.POST('/api/v1/admin/staff', { body: values })
        : api.PUT('/api/v1/admin/staff/{id}/details', { params: { path: { id } }, body: { ...values, version } }),
    saved: (body) => body.member,
    values: (m: Schemas['StaffMember']): StaffForm => ({ name: m.name, email: m.email, role: m.role }),
  });
}
