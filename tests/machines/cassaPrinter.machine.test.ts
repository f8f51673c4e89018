import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { cassaPrinterMachine, connectCassaPrinter, type CassaPrinterEvent, type PrintOutcome } from '../../machines/cassaPrinter.machine';
import { cassaPrinterEntry, printerReports } from './cassa.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';

const { done: doneOf, error: errorOf } = internalEvents(cassaPrinterMachine);

const HEADER: Record<string, { text: string; isAlert: boolean }> = {
  ready: { text: 'Stampante cucina: pronta', isAlert: false },
  nearEnd: { text: 'Stampante cucina: pronta', isAlert: false },
  paperOut: { text: 'Stampante cucina: carta esaurita', isAlert: true },
  offTwoMinutes: { text: 'Stampante cucina non raggiungibile da 2 minuti', isAlert: true },
  offOneMinute: { text: 'Stampante cucina non raggiungibile da 1 minuto', isAlert: true },
  offJustNow: { text: 'Stampante cucina non raggiungibile da meno di un minuto', isAlert: true },
};

describePathCoverage("cassa header's kitchen printers and the rows' print requests: path coverage", cassaPrinterEntry, async (path) => {
  const printPdf = vi.fn();
  const machine = cassaPrinterMachine.provide({ actions: { printPdf: (_, { id }) => printPdf(id) } });
  let pdfs = 0;
  await replayEntryPath(cassaPrinterEntry, path, {
    machine,
    assertInvariant: (snapshot, { step, previous, invocations }) => {
      const sent: CassaPrinterEvent[] = [];
      const view = connectCassaPrinter(snapshot, (event) => sent.push(event));
      const { event } = step;
      // The kitchen's line says what its last report said; another printer has its own line.
      const kitchen = snapshot.context.printers.find((p) => p.printerId === 1);
      const name = Object.entries(printerReports).find(([, report]) => JSON.stringify(report) === JSON.stringify(kitchen))?.[0];
      expect(view.statusLines.find((l) => l.printerId === 1)).toEqual(name ? { printerId: 1, ...HEADER[name] } : undefined);
      if (snapshot.context.printers.some((p) => p.printerId === 2)) expect(view.statusLines.at(-1)?.text).toBe('Stampante bar: pronta');
      // No printer reported: nothing in the header.
      if (snapshot.context.printers.length === 0) expect(view.statusLines).toEqual([]);
      // One request at a time, for the oldest print asked.
      if (snapshot.hasTag('sending'))
        expect(invocations.at(-1)).toMatchObject({ src: 'requestPrint', input: { id: snapshot.context.requests[0] } });
      // A job written: nothing else happens (the row follows the agent's 'done'); otherwise the PDF as before.
      const ended = event.type === doneOf('requestPrint') || event.type === errorOf('requestPrint');
      if (ended && (event.type !== doneOf('requestPrint') || (event as unknown as { output: PrintOutcome }).output.kind === 'pdf')) {
        pdfs += 1;
        expect(printPdf).toHaveBeenLastCalledWith(previous!.context.requests[0]);
      }
      // No printer named by the stream: the PDF at once, the server not asked.
      if (event.type === 'order.print' && previous!.context.printers.length === 0) {
        pdfs += 1;
        expect(printPdf).toHaveBeenLastCalledWith(event.id);
        expect(invocations.filter((i) => i.src === 'requestPrint')).toHaveLength(0);
      }
      expect(printPdf).toHaveBeenCalledTimes(pdfs);
      view.print(7);
      expect(sent).toEqual([{ type: 'order.print', id: 7 }]);
    },
  });
});

describe("the header's minutes without an event", () => {
  afterEach(() => vi.useRealTimers());

  it("counts 'non raggiungibile da N minuti' on by the page's clock", () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-18T20:41:00+01:00') });
    const actor = createActor(cassaPrinterMachine, { input: { clock: () => Date.now() } }).start();
    actor.send({ type: 'printer.reported', report: { ...printerReports.offJustNow, since: Date.now() - 10_000 } });
    const header = () => connectCassaPrinter(actor.getSnapshot(), actor.send).statusLines[0]?.text;
    expect(header()).toBe('Stampante cucina non raggiungibile da meno di un minuto');
    vi.advanceTimersByTime(60_000);
    expect(header()).toBe('Stampante cucina non raggiungibile da 1 minuto');
    vi.advanceTimersByTime(120_000);
    expect(header()).toBe('Stampante cucina non raggiungibile da 3 minuti');
    actor.send({ type: 'printer.reported', report: { ...printerReports.ready, since: Date.now() } });
    expect(header()).toBe('Stampante cucina: pronta');
    actor.stop();
  });
});
