import type { PaperState, PrinterReport } from '../../machines/cassaPrinter.machine';

/** `event: printer` of the cassa's stream: one paired printer's state. */
export interface WirePrinterEvent {
  printer_id: number;
  name: string;
  reachable: boolean;
  paper: PaperState;
  since: string;
}

export const printerReportFromWire = (wire: WirePrinterEvent): PrinterReport => ({
  printerId: wire.printer_id,
  name: wire.name,
  reachable: wire.reachable,
  paper: wire.paper,
  since: Date.parse(wire.since),
});
