import type { ListRow } from '../../machines/recordList.machine';
import { unwrap, type ApiClient, type Schemas } from './client';
import { editorActors, euroText, readOnlyListActors, textOrNull, type FormOf } from './adminActors';

/** Discount codes in the back office: the list and the editor (amounts typed as the owner writes them). */

type AdminDiscountCode = Schemas['AdminDiscountCode'];

/** A code as its form holds it: amounts as typed, an open validity as an empty date. */
export type DiscountCodeForm = Omit<FormOf<Schemas['DiscountCodeUpdate']>, 'version'>;

const codeValues = (c: AdminDiscountCode): DiscountCodeForm => ({
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

export const BLANK_CODE: DiscountCodeForm = {
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

const codeWrite = (values: DiscountCodeForm): Schemas['DiscountCodeWrite'] => ({
  ...values,
  valid_from: textOrNull(values.valid_from),
  valid_until: textOrNull(values.valid_until),
});

export function createDiscountCodeEditorActors(api: ApiClient) {
  return editorActors({
    load: async (id) => unwrap(await api.GET('/api/v1/admin/discount-codes/{id}', { params: { path: { id } } })).code,
    save: ({ id, values, version }) =>
      id === null
        ? api.POST('/api/v1/admin/discount-codes', { body: codeWrite(values) })
        : api.PUT('/api/v1/admin/discount-codes/{id}', { params: { path: { id } }, body: { ...codeWrite(values), version } }),
    saved: (body) => body.code,
    values: codeValues,
  });
}

export interface DiscountCodeRow extends ListRow {
  code: string;
  label: string;
  active: boolean;
  timesUsed: number;
  summary: string;
}

export function createDiscountCodeListActors(api: ApiClient) {
  return readOnlyListActors(async () =>
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
  );
}
