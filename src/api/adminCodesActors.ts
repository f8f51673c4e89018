import { fromPromise } from 'xstate';
import type { LoadedRecord, RecordValues, SaveOutcome, SaveRequest, recordEditorMachine } from '../../machines/recordEditor.machine';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { saveRefusal, euroText } from './adminActors';

/** Discount codes in the back office: the list and the editor (amounts typed as the owner writes them). */

type AdminDiscountCode = Schemas['AdminDiscountCode'];

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
