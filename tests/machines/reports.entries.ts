/** Path-coverage entries of the owner's reports' machines (issue 32), added to machineRegistry in registry.ts. */
import { eveningReportMachine } from '../../machines/eveningReport.machine';
import { periodReportMachine } from '../../machines/periodReport.machine';
import type { EveningSummary, PeriodFigures, PeriodReport, ReportTotals } from '../../src/domain';
import { internalEvents } from './pathCoverage';
import type { MachineEntry } from './registry';

const facts = (snapshot: { value: unknown; status: string }, rest: Record<string, unknown>) =>
  JSON.stringify({ value: snapshot.value, status: snapshot.status, ...rest });

const totals = (orders: number, revenue: number): ReportTotals => ({
  orders,
  revenue,
  averageOrder: orders ? Math.round(revenue / orders) : 0,
  deliveryFees: 0,
  discounts: 0,
});

/** An evening of three orders (one cancelled apart), and one with none at all. */
export const busyEvening: EveningSummary = {
  day: '2026-11-18',
  totals: totals(3, 4550),
  byPayment: [
    { key: 'Contanti', label: 'Contanti', orders: 2, total: 2750 },
    { key: 'Carta di credito', label: 'Carta di credito', orders: 1, total: 1800 },
  ],
  byDelivery: [{ key: 'ritiro', label: 'Ritiro in pizzeria', orders: 3, total: 4550 }],
  bySource: [{ key: 'cassa', label: 'Cassa', orders: 3, total: 4550 }],
  discountCodes: [],
  cancelled: { orders: 1, value: 900 },
  slots: [{ time: '19:00', orders: 3, ovenLoad: 6 }],
  slotCapacity: 10,
  topProducts: [{ id: 1, name: 'Margherita', quantity: 6, revenue: 3900 }],
};
export const emptyEvening: EveningSummary = {
  ...busyEvening,
  day: '2026-11-17',
  totals: totals(0, 0),
  byPayment: [],
  byDelivery: [],
  bySource: [],
  cancelled: { orders: 0, value: 0 },
  slots: [],
  topProducts: [],
};

const eveningEvents = internalEvents(eveningReportMachine);

export const eveningReportEntry: MachineEntry<typeof eveningReportMachine> = {
  name: 'eveningReport',
  machine: eveningReportMachine,
  events: [
    { type: 'day.change', day: '2026-11-17' },
    { type: 'day.change', day: null },
    { type: 'report.retry' },
    (s) =>
      s.hasTag('loading')
        ? [
            { type: eveningEvents.done('loadEveningSummary'), output: s.context.day ? emptyEvening : busyEvening },
            { type: eveningEvents.error('loadEveningSummary'), error: new TypeError('Failed to fetch') },
          ]
        : null,
  ],
  serializeState: (s) => facts(s, { day: s.context.day, shown: s.context.summary?.day ?? null }),
};

/** A period's figures: `orders` orders of 15,00 € each. */
export const periodFigures = (from: string, to: string, orders: number): PeriodFigures => ({
  from,
  to,
  totals: totals(orders, orders * 1500),
  days: [{ day: from, orders, revenue: orders * 1500 }],
  products: orders ? [{ id: 1, name: 'Margherita', quantity: orders, revenue: orders * 1500 }] : [],
  doughs: [],
  additions: [],
  categories: [],
  zones: [],
  weekdayHours: [],
  customers: { new: orders, returning: 0, unknownOrders: 0 },
  discountCodes: [],
});

/** November 2026 took 28 orders, October 25; any other period none. */
export function periodAnswer({ from, to }: { from: string; to: string }): PeriodReport {
  const november = from === '2026-11-01' && to === '2026-11-30';
  return { current: periodFigures(from, to, november ? 28 : 0), previous: periodFigures('2026-10-01', '2026-10-31', november ? 25 : 0) };
}

export const TODAY = '2026-11-18';
const periodEvents = internalEvents(periodReportMachine);

export const periodReportEntry: MachineEntry<typeof periodReportMachine> = {
  name: 'periodReport',
  machine: periodReportMachine,
  input: { today: TODAY },
  maxSimplePathStates: 0,
  events: [
    { type: 'period.kind', kind: 'week' },
    { type: 'period.kind', kind: 'month' },
    { type: 'period.kind', kind: 'range' },
    // Back from November, on from October: the graph stays within a few periods.
    (s) =>
      s.context.from === '2026-11-01'
        ? { type: 'period.shift', step: -1 }
        : s.context.from === '2026-10-01'
          ? { type: 'period.shift', step: 1 }
          : null,
    { type: 'range.change', from: '2026-11-01', to: '2026-11-30' },
    // From after to: refused, nothing loads.
    { type: 'range.change', from: '2026-11-30', to: '2026-11-01' },
    { type: 'report.retry' },
    (s) =>
      s.hasTag('loading')
        ? [
            { type: periodEvents.done('loadPeriodReport'), output: periodAnswer(s.context) },
            { type: periodEvents.error('loadPeriodReport'), error: new TypeError('Failed to fetch') },
          ]
        : null,
  ],
  serializeState: (s) =>
    facts(s, {
      kind: s.context.kind,
      from: s.context.from,
      refused: Object.keys(s.context.rangeErrors).length > 0,
      shown: s.context.report !== null,
    }),
};

export const reportEntries = [eveningReportEntry, periodReportEntry] as const;
