import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export type PaperState = 'ok' | 'near_end' | 'out' | 'unknown';

/** One paired printer as the cassa's stream reports it (`event: printer`). */
export interface PrinterReport {
  printerId: number;
  name: string;
  reachable: boolean;
  paper: PaperState;
  /** when the current reachable state began, on the page's clock (ms since the epoch) */
  since: number;
}

/** How a print request ended: a job for the kitchen's printers, or the PDF as before (none paired, or no answer). */
export type PrintOutcome = { kind: 'queued' } | { kind: 'pdf' };

export type CassaPrinterEvent =
  | { type: 'printer.reported'; report: PrinterReport }
  /** a row's 'Stampa' or 'Ristampa' */
  | { type: 'order.print'; id: number };

export interface CassaPrinterInput {
  /** the page's clock (ms): the minutes 'non raggiungibile da' go on without an event */
  clock: () => number;
}

export interface CassaPrinterContext extends CassaPrinterInput {
  printers: PrinterReport[];
  now: number;
  /** orders to print, oldest first */
  requests: number[];
}

/**
 * The cassa's kitchen printers: what the stream says of each paired printer (shown in the header, the
 * minutes of an outage counted on by the page's clock), and the rows' print requests, one at a time:
 * with a printer paired the server writes a job for each (the row turns 'Stampato' when the agent says
 * done); with none, or no answer, the list prints the PDF as before (the provided `printPdf`).
 */
export const cassaPrinterMachine = setup({
  types: {
    input: {} as CassaPrinterInput,
    context: {} as CassaPrinterContext,
    events: {} as CassaPrinterEvent,
    tags: {} as 'sending',
  },
  actors: {
    requestPrint: fromPromise<PrintOutcome, { id: number }>(async () => {
      throw new Error('requestPrint not provided');
    }),
  },
  guards: {
    hasRequest: ({ context }) => context.requests.length > 0,
    /** the stream named a paired printer (it names each one when it opens) */
    hasPrinter: ({ context }) => context.printers.length > 0,
    isQueued: (_, outcome: PrintOutcome) => outcome.kind === 'queued',
  },
  actions: {
    /** The list prints the order's PDF and marks it 'Stampato' (today's way). */
    printPdf: (_, _params: { id: number }) => {
      throw new Error('printPdf not provided');
    },
    dropRequest: assign({ requests: ({ context }) => context.requests.slice(1) }),
    tick: assign({ now: ({ context }) => context.clock() }),
  },
  delays: {
    /** the header's minutes follow the clock */
    PRINTER_CLOCK: 15_000,
  },
}).createMachine({
  id: 'cassaPrinter',
  type: 'parallel',
  context: ({ input }) => ({ clock: input.clock, printers: [], now: input.clock(), requests: [] }),
  on: {
    'printer.reported': {
      actions: [
        assign({
          printers: ({ context, event }) =>
            [...context.printers.filter((p) => p.printerId !== event.report.printerId), event.report].sort(
              (a, b) => a.printerId - b.printerId,
            ),
        }),
        'tick',
      ],
    },
    'order.print': { actions: assign({ requests: ({ context, event }) => [...context.requests, event.id] }) },
  },
  states: {
    clock: {
      initial: 'running',
      states: {
        running: { after: { PRINTER_CLOCK: { target: 'running', reenter: true, actions: 'tick' } } },
      },
    },
    requests: {
      initial: 'idle',
      states: {
        idle: {
          always: [
            { guard: and(['hasRequest', 'hasPrinter']), target: 'sending' },
            // No printer paired (the stream names none): the PDF at once, as before.
            {
              guard: 'hasRequest',
              actions: [{ type: 'printPdf', params: ({ context }) => ({ id: context.requests[0]! }) }, 'dropRequest'],
            },
          ],
        },
        sending: {
          tags: ['sending'],
          invoke: {
            id: 'requestPrint',
            src: 'requestPrint',
            input: ({ context }) => ({ id: context.requests[0]! }),
            onDone: [
              { guard: { type: 'isQueued', params: ({ event }) => event.output }, target: 'idle', actions: 'dropRequest' },
              { target: 'idle', actions: [{ type: 'printPdf', params: ({ context }) => ({ id: context.requests[0]! }) }, 'dropRequest'] },
            ],
            // No answer at all: the PDF path queues the status in 'Da inviare' as before.
            onError: {
              target: 'idle',
              actions: [{ type: 'printPdf', params: ({ context }) => ({ id: context.requests[0]! }) }, 'dropRequest'],
            },
          },
        },
      },
    },
  },
});

export type CassaPrinterSnapshot = SnapshotFrom<typeof cassaPrinterMachine>;

/** 'da meno di un minuto', 'da 1 minuto', 'da 12 minuti'. */
export function outageFor(minutes: number): string {
  if (minutes < 1) return 'da meno di un minuto';
  return minutes === 1 ? 'da 1 minuto' : `da ${minutes} minuti`;
}

/** One header line per paired printer ('Stampante cucina: pronta'), red when it needs someone; a row's print button. */
export function connectCassaPrinter(snapshot: CassaPrinterSnapshot, send: (event: CassaPrinterEvent) => void) {
  const { printers, now } = snapshot.context;
  return {
    statusLines: printers.map((p) => {
      const printer = `Stampante ${p.name.toLocaleLowerCase('it-IT')}`;
      if (!p.reachable) {
        const minutes = Math.max(0, Math.floor((now - p.since) / 60_000));
        return { printerId: p.printerId, text: `${printer} non raggiungibile ${outageFor(minutes)}`, isAlert: true };
      }
      if (p.paper === 'out') return { printerId: p.printerId, text: `${printer}: carta esaurita`, isAlert: true };
      return { printerId: p.printerId, text: `${printer}: pronta`, isAlert: false };
    }),
    print: (id: number) => send({ type: 'order.print', id }),
  };
}

export type CassaPrinterView = ReturnType<typeof connectCassaPrinter>;
