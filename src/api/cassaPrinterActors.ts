import { fromPromise } from 'xstate';
import type { cassaPrinterMachine, PaperState, PrinterReport, PrintOutcome } from '../../machines/cassaPrinter.machine';
import type { ApiClient } from './client';
import type { ActorsOf } from './machineActors';

/** `event: printer` of the cassa's stream: one paired printer's state. */
export interface WirePrinterEvent {
  printer_id: number;
  name: string;
  reachable: boolean;
  paper: PaperState;
  since: string;
  reported_at: string;
}

/**
 * On the page's clock: how long the state has held is the server's (`reported_at` − `since`), so a tablet
 * whose clock is off still counts the minutes right.
 */
export const printerReportFromWire = (wire: WirePrinterEvent, receivedAt = Date.now()): PrinterReport => ({
  printerId: wire.printer_id,
  name: wire.name,
  reachable: wire.reachable,
  paper: wire.paper,
  since: receivedAt - Math.max(0, Date.parse(wire.reported_at) - Date.parse(wire.since)),
});

/**
 * A row's print, asked of the kitchen printers: 202, a job for each paired printer (the row turns
 * 'Stampato' when an agent says done); any refusal (409 'print.no_printer': none paired) and the list
 * prints the PDF as before; no answer at all fails, and the PDF path queues it.
 */
export function createCassaPrinterActors(api: ApiClient) {
  return {
    requestPrint: fromPromise<PrintOutcome, { id: number }>(async ({ input }) => {
      const { response } = await api.POST('/api/v1/ecommerce/cassa/orders/{id}/print', { params: { path: { id: input.id } } });
      return response.status === 202 ? { kind: 'queued' } : { kind: 'pdf' };
    }),
  } satisfies ActorsOf<typeof cassaPrinterMachine>;
}
