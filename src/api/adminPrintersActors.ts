import { fromPromise } from 'xstate';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { editorActors, refusedWith, rowAction } from './adminActors';

/** Kitchen printers in the back office ('Stampanti'): the list with their state, and the new printer's form. */

type AdminPrinterWire = Schemas['AdminPrinter'];

export interface PrinterRow extends ListRow {
  name: string;
  paperWidthMm: number;
  copies: number;
  autoPrint: boolean;
  paired: boolean;
  /** null before its agent ever reported */
  reachable: boolean | null;
  paper: Schemas['PaperState'];
  reportedAt: string | null;
}

/** The new printer's form; `pairing_code` is what the server answered once saved (shown once, never sent). */
export interface PrinterForm extends Record<string, unknown> {
  name: string;
  paper_width_mm: number | null;
  copies: number | null;
  auto_print: boolean;
  pairing_code: string;
}

export const BLANK_PRINTER: PrinterForm = { name: '', paper_width_mm: 80, copies: 1, auto_print: true, pairing_code: '' };

const printerRow = (p: AdminPrinterWire): PrinterRow => ({
  id: p.id,
  version: p.version,
  searchText: p.name,
  name: p.name,
  paperWidthMm: p.paper_width_mm,
  copies: p.copies,
  autoPrint: p.auto_print,
  paired: p.paired,
  reachable: p.reachable,
  paper: p.paper,
  reportedAt: p.reported_at,
});

/** The printers: delete one ('printer.remove') or give it a new pairing code ('printer.pairing', told in the answer's message). */
export function createPrinterListActors(api: ApiClient) {
  const load = async () => unwrap(await api.GET('/api/v1/admin/printers')).items.map(printerRow);
  return {
    loadList: fromPromise<ListRow[]>(load),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async ({ input }) =>
      rowAction(async () => {
        if (input.action === 'printer.pairing') {
          const result = await api.POST('/api/v1/admin/printers/{id}/pairing-code', { params: { path: { id: input.id } } });
          const renewed = answer(result, [404], refusedWith);
          return 'refused' in renewed
            ? renewed
            : { message: `Nuovo codice di abbinamento per ${renewed.printer.name}: ${renewed.pairing_code}` };
        }
        const result = await api.DELETE('/api/v1/admin/printers/{id}', {
          params: { path: { id: input.id }, query: { version: input.version } },
        });
        return answer(result, [404, 409], refusedWith);
      }, load),
    ),
  } satisfies ActorsOf<typeof recordListMachine>;
}

/** A new printer: the answer carries its one-time pairing code, kept in the form's saved values to be shown once. */
export function createPrinterEditorActors(api: ApiClient) {
  return editorActors({
    load: async () => {
      throw new Error('A printer is created here, never reopened');
    },
    save: ({ values: { name, paper_width_mm, copies, auto_print } }) =>
      api.POST('/api/v1/admin/printers', { body: { name, paper_width_mm: paper_width_mm ?? 0, copies: copies ?? 0, auto_print } }),
    saved: (body: { printer: AdminPrinterWire; pairing_code: string }) => ({ ...body.printer, pairing_code: body.pairing_code }),
    values: (p: AdminPrinterWire & { pairing_code?: string }): PrinterForm => ({
      name: p.name,
      paper_width_mm: p.paper_width_mm,
      copies: p.copies,
      auto_print: p.auto_print,
      pairing_code: p.pairing_code ?? '',
    }),
  });
}
