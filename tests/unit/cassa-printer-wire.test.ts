import { describe, expect, it } from 'vitest';
import { connectCassaPrinter, cassaPrinterMachine } from '../../machines/cassaPrinter.machine';
import { printerReportFromWire } from '../../src/api/cassaPrinterActors';
import { createActor } from 'xstate';

/** The cassa's stream says when the printer went off by the server's clock; the tablet's may be days off. */
describe("the printer event on the cassa's clock", () => {
  const wire = {
    printer_id: 1,
    name: 'Cucina',
    reachable: false,
    paper: 'unknown' as const,
    since: '2026-11-18T19:38:30+01:00',
    reported_at: '2026-11-18T19:41:00+01:00',
  };

  it("counts the outage from the server's own times, whatever the tablet's clock says", () => {
    const tabletNow = Date.parse('2026-11-27T15:00:00Z');
    const report = printerReportFromWire(wire, tabletNow);
    expect(report).toEqual({ printerId: 1, name: 'Cucina', reachable: false, paper: 'unknown', since: tabletNow - 150_000 });
    const actor = createActor(cassaPrinterMachine, { input: { clock: () => tabletNow } }).start();
    actor.send({ type: 'printer.reported', report });
    expect(connectCassaPrinter(actor.getSnapshot(), actor.send).statusLines[0]?.text).toBe(
      'Stampante cucina non raggiungibile da 2 minuti',
    );
    actor.stop();
  });
});
