/** Path-coverage entries of the back office's machines (issue 17), added to machineRegistry in registry.ts. */
import { bulkPriceMachine, type ApplyOutcome, type PreviewOutcome } from '../../machines/bulkPrice.machine';
import { specialDayMachine, type SpecialDaySaveOutcome } from '../../machines/specialDay.machine';
import { imageUploadMachine, type ImageCheckOutcome, type ImageUploadOutcome } from '../../machines/imageUpload.machine';
import { UNSUPPORTED_IMAGE, type BulkPriceLine } from '../../src/domain';
import { recordEditorMachine, type RecordValues, type SaveOutcome } from '../../machines/recordEditor.machine';
import { recordListMachine, type ListRow, type RowActionOutcome } from '../../machines/recordList.machine';
import { internalEvents, invokeInput } from './pathCoverage';
import type { MachineEntry } from './registry';

const facts = (snapshot: { value: unknown; status: string }, rest: Record<string, unknown>) =>
  JSON.stringify({ value: snapshot.value, status: snapshot.status, ...rest });

// --- record editor ---------------------------------------------------------------------------

export const STALE = 'Qualcuno ha modificato questo elemento mentre lo stavi modificando.';
export const SOLD_OUT_SAID = 'Segnato come esaurito per oggi.';
export const blankProduct: RecordValues = { name: '', price: '' };
/** The Margherita as loaded, as another page saved it meanwhile, and a new product. */
export const loadedProduct = { values: { name: 'Margherita', price: '6,50' }, version: 3 };
export const currentProduct = { values: { name: 'Margherita', price: '7,00' }, version: 4 };

const editorEvents = internalEvents(recordEditorMachine);

export const recordEditorEntry: MachineEntry<typeof recordEditorMachine> = {
  name: 'recordEditor',
  machine: recordEditorMachine,
  inputs: [
    { id: 1, blank: blankProduct },
    { id: null, blank: blankProduct },
  ],
  maxSimplePathStates: 0,
  events: [
    // Typing a change, and typing the saved value back (no longer dirty).
    { type: 'field.change', name: 'price', value: '6,80' },
    (s) => ({ type: 'field.change', name: 'price', value: s.context.saved.price ?? '' }),
    { type: 'record.save' },
    { type: 'record.discard' },
    { type: 'record.retry' },
    { type: 'leave.request' },
    { type: 'leave.confirm' },
    { type: 'leave.cancel' },
    { type: 'save.confirm' },
    { type: 'save.cancel' },
    (s) => (s.matches('loading') ? { type: editorEvents.done('loadRecord'), output: loadedProduct } : null),
    (s) => (s.matches('loading') ? { type: editorEvents.error('loadRecord'), error: new TypeError('Failed to fetch') } : null),
    (s) => {
      const request = invokeInput<{ id: number | null; values: RecordValues }>(s, editorEvents.invokeId('saveRecord'));
      if (!request) return null;
      const outcomes: SaveOutcome[] = [
        { kind: 'saved', id: request.id ?? 99, values: request.values, version: (s.context.version ?? 0) + 1 },
        { kind: 'invalid', message: 'Prezzo è obbligatorio.', errors: { price: ['Prezzo è obbligatorio.'] } },
        { kind: 'stale', message: STALE, ...currentProduct },
        { kind: 'confirm', message: BOOKED, details: ['N. 12 · 24/12/2026 20:00 · Mario Rossi'] },
      ];
      return [
        ...outcomes.map((output) => ({ type: editorEvents.done('saveRecord'), output })),
        { type: editorEvents.error('saveRecord'), error: new TypeError('Failed to fetch') },
      ];
    },
  ],
  serializeState: (s) =>
    facts(s, {
      isNew: s.context.id === null,
      price: s.context.draft.price,
      saved: s.context.saved.price,
      errors: Object.keys(s.context.errors).length,
      asking: s.context.question !== null,
      confirmed: s.context.confirmed,
    }),
};

// --- record list -----------------------------------------------------------------------------

export interface ProductRow extends ListRow {
  name: string;
  soldOut: boolean;
}
const row = (id: number, name: string, soldOut = false, version = 0): ProductRow => ({ id, name, soldOut, version, searchText: name });
export const listRows: ProductRow[] = [row(1, 'Margherita'), row(2, 'Diavola'), row(3, 'Capricciosa')];

const listEvents = internalEvents(recordListMachine);

export const recordListEntry: MachineEntry<typeof recordListMachine> = {
  name: 'recordList',
  machine: recordListMachine,
  maxSimplePathStates: 0,
  events: [
    { type: 'list.search', text: 'diav' },
    { type: 'list.search', text: '' },
    { type: 'list.reload' },
    { type: 'list.retry' },
    { type: 'row.action', id: 2, action: 'soldOut.set', payload: true },
    // A row the list does not hold (gone in another tab): nothing runs.
    { type: 'row.action', id: 404, action: 'soldOut.set', payload: true },
    (s) => (s.matches('loading') ? { type: listEvents.done('loadList'), output: listRows } : null),
    (s) => (s.matches('loading') ? { type: listEvents.error('loadList'), error: new TypeError('Failed to fetch') } : null),
    (s) => {
      if (!s.matches('running')) return null;
      const outcomes: RowActionOutcome<ProductRow>[] = [
        { kind: 'done', rows: listRows.map((r) => (r.id === 2 ? { ...r, soldOut: true, version: 1 } : r)) },
        { kind: 'done', rows: listRows.map((r) => (r.id === 2 ? { ...r, soldOut: true, version: 1 } : r)), message: SOLD_OUT_SAID },
        { kind: 'refused', message: STALE, rows: listRows.map((r) => (r.id === 2 ? { ...r, version: 5 } : r)) },
      ];
      return [
        ...outcomes.map((output) => ({ type: listEvents.done('runRowAction'), output })),
        { type: listEvents.error('runRowAction'), error: new TypeError('Failed to fetch') },
      ];
    },
  ],
  serializeState: (s) =>
    facts(s, {
      search: s.context.search,
      rows: s.context.rows.length,
      message: s.context.message,
      soldOut: (s.context.rows as ProductRow[]).filter((r) => r.soldOut).map((r) => r.id),
    }),
};

// --- bulk price ------------------------------------------------------------------------------

export const bulkLines: BulkPriceLine[] = [
  { id: 1, version: 3, name: 'Margherita', categoryName: 'Pizze Classiche', oldCents: 650, newCents: 680 },
  { id: 2, version: 0, name: 'Diavola', categoryName: 'Pizze Classiche', oldCents: 800, newCents: 840 },
];
const bulkEvents = internalEvents(bulkPriceMachine);

export const bulkPriceEntry: MachineEntry<typeof bulkPriceMachine> = {
  name: 'bulkPrice',
  machine: bulkPriceMachine,
  maxSimplePathStates: 0,
  events: [
    { type: 'category.toggle', id: 1 },
    { type: 'mode.select', mode: 'euro' },
    { type: 'amount.change', text: '5' },
    { type: 'preview.request' },
    { type: 'apply.confirm' },
    (s) => {
      if (!s.matches('previewing')) return null;
      const outcomes: PreviewOutcome[] = [
        { kind: 'preview', lines: bulkLines },
        { kind: 'invalid', message: 'Variazione è obbligatoria.', errors: { amount: ['Variazione è obbligatoria.'] } },
      ];
      return [
        ...outcomes.map((output) => ({ type: bulkEvents.done('previewPrices'), output })),
        { type: bulkEvents.error('previewPrices'), error: new TypeError('Failed to fetch') },
      ];
    },
    (s) => {
      if (!s.matches('applying')) return null;
      const outcomes: ApplyOutcome[] = [
        { kind: 'applied', message: 'Prezzi aggiornati: 2 prodotti.' },
        { kind: 'stale', message: STALE },
      ];
      return [
        ...outcomes.map((output) => ({ type: bulkEvents.done('applyPrices'), output })),
        { type: bulkEvents.error('applyPrices'), error: new TypeError('Failed to fetch') },
      ];
    },
  ],
  serializeState: (s) =>
    facts(s, {
      categories: s.context.categoryIds,
      mode: s.context.mode,
      amount: s.context.amount,
      lines: s.context.lines.length,
      message: s.context.message,
      errors: Object.keys(s.context.errors),
    }),
};

// --- special day ---------------------------------------------------------------------------

export const BOOKED = 'Ci sono 3 ordini per il 24/12: restano validi, avvisa i clienti.';
export const bookedOrders = [
  { id: 7, orderNum: 12, date: '2026-12-24', time: '20:00', name: 'Mario Rossi' },
  { id: 8, orderNum: 13, date: '2026-12-24', time: '20:30', name: 'Giulia Bianchi' },
  { id: 9, orderNum: 14, date: '2026-12-24', time: '21:00', name: 'Anna Neri' },
];
const dayEvents = internalEvents(specialDayMachine);
const dayOutcomes: SpecialDaySaveOutcome[] = [
  { kind: 'saved', message: 'Giorno di chiusura salvato.' },
  { kind: 'booked', message: BOOKED, orders: bookedOrders },
  { kind: 'invalid', message: 'Al non può precedere Dal.', errors: { date_until: ['Al non può precedere Dal.'] } },
];

export const specialDayEntry: MachineEntry<typeof specialDayMachine> = {
  name: 'specialDay',
  machine: specialDayMachine,
  input: { today: '2026-11-18' },
  maxSimplePathStates: 0,
  events: [
    { type: 'field.change', name: 'date_from', value: '2026-12-24' },
    { type: 'field.change', name: 'closed', value: false },
    { type: 'day.save' },
    { type: 'day.confirm' },
    { type: 'day.cancel' },
    (s) =>
      s.matches('saving')
        ? [
            ...dayOutcomes.map((output) => ({ type: dayEvents.done('saveSpecialDay'), output })),
            { type: dayEvents.error('saveSpecialDay'), error: new TypeError('Failed to fetch') },
          ]
        : null,
  ],
  serializeState: (s) =>
    facts(s, {
      from: s.context.form.date_from,
      closed: s.context.form.closed,
      errors: Object.keys(s.context.errors),
      booked: s.context.booked.length,
      message: s.context.message,
      saves: Math.min(s.context.saves, 1),
      confirmed: s.context.confirmed,
    }),
};

// --- image upload ----------------------------------------------------------------------------

/** A PNG the owner picks (its signature is enough for the machine: the checks are faked here). */
export const pickedImage = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'porcini.png', {
  type: 'image/png',
});
export const UPLOADED_URL = '/media/products/3f2a9c0d1e2b3c4d5e6f7a8b-264.webp';
export const UPLOADED = 'Immagine caricata.';
const imageEvents = internalEvents(imageUploadMachine);
const checkOutcomes: ImageCheckOutcome[] = [{ ok: true }, { ok: false, message: UNSUPPORTED_IMAGE }];
const uploadOutcomes: ImageUploadOutcome[] = [
  { kind: 'uploaded', imageUrl: UPLOADED_URL, message: UPLOADED },
  { kind: 'refused', message: UNSUPPORTED_IMAGE },
];

export const imageUploadEntry: MachineEntry<typeof imageUploadMachine> = {
  name: 'imageUpload',
  machine: imageUploadMachine,
  events: [
    { type: 'image.select', file: pickedImage },
    { type: 'image.retry' },
    { type: 'image.clear' },
    (s) =>
      s.matches('checking')
        ? [
            ...checkOutcomes.map((output) => ({ type: imageEvents.done('checkImage'), output })),
            { type: imageEvents.error('checkImage'), error: new DOMException('The file could not be read.', 'NotReadableError') },
          ]
        : null,
    (s) =>
      s.matches('uploading')
        ? [
            ...uploadOutcomes.map((output) => ({ type: imageEvents.done('uploadImage'), output })),
            { type: imageEvents.error('uploadImage'), error: new TypeError('Failed to fetch') },
          ]
        : null,
  ],
  serializeState: (s) => facts(s, { file: s.context.file?.name ?? null, message: s.context.message }),
};

export const adminEntries = [recordEditorEntry, recordListEntry, bulkPriceEntry, specialDayEntry, imageUploadEntry] as const;
