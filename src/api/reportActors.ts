import { fromPromise } from 'xstate';
import type { eveningReportMachine } from '../../machines/eveningReport.machine';
import type { periodReportMachine } from '../../machines/periodReport.machine';
import {
  toCents,
  type EveningSummary,
  type PeriodFigures,
  type ReportCodeUse,
  type ReportItemSales,
  type ReportSlice,
  type ReportTotals,
} from '../domain';
import type { ReportPeriod } from '../domain/reportPeriod';
import { unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';

/** The owner's reports' edge: the wire's euros become cents; a stopped actor aborts its request. */

const REPORTS = '/api/v1/admin/reports';

const slice = (s: Schemas['ReportSlice']): ReportSlice => ({ key: s.key, label: s.label, orders: s.orders, total: toCents(s.total) });
const item = (i: Schemas['ReportItemSales']): ReportItemSales => ({
  id: i.id,
  name: i.name,
  quantity: i.quantity,
  revenue: toCents(i.revenue),
});
const codeUse = (c: Schemas['ReportCodeUse']): ReportCodeUse => ({ code: c.code, orders: c.orders, amount: toCents(c.amount) });
const totals = (t: Schemas['ReportTotals']): ReportTotals => ({
  orders: t.orders,
  revenue: toCents(t.revenue),
  averageOrder: toCents(t.average_order),
  deliveryFees: toCents(t.delivery_fees),
  discounts: toCents(t.discounts),
});

export function eveningSummaryFromWire(s: Schemas['EveningSummary']): EveningSummary {
  return {
    day: s.day,
    totals: totals(s.totals),
    byPayment: s.by_payment.map(slice),
    byDelivery: s.by_delivery.map(slice),
    bySource: s.by_source.map(slice),
    discountCodes: s.discount_codes.map(codeUse),
    cancelled: { orders: s.cancelled.orders, value: toCents(s.cancelled.value) },
    slots: s.slots.map((slot) => ({ time: slot.time, orders: slot.orders, ovenLoad: slot.oven_load })),
    slotCapacity: s.slot_capacity,
    topProducts: s.top_products.map(item),
  };
}

function periodFromWire(p: Schemas['PeriodFigures']): PeriodFigures {
  return {
    from: p.from,
    to: p.to,
    totals: totals(p.totals),
    days: p.days.map((d) => ({ day: d.day, orders: d.orders, revenue: toCents(d.revenue) })),
    products: p.products.map(item),
    doughs: p.doughs.map(item),
    additions: p.additions.map(item),
    categories: p.categories.map(item),
    zones: p.zones.map(item),
    weekdayHours: p.weekday_hours.map((c) => ({ weekday: c.weekday, hour: c.hour, orders: c.orders, revenue: toCents(c.revenue) })),
    customers: { new: p.customers.new, returning: p.customers.returning, unknownOrders: p.customers.unknown_orders },
    discountCodes: p.discount_codes.map(codeUse),
  };
}

export function createEveningReportActors(api: ApiClient) {
  return {
    loadEveningSummary: fromPromise(async ({ input, signal }: { input: { day: string | null }; signal: AbortSignal }) => {
      const query = input.day ? { day: input.day } : {};
      return eveningSummaryFromWire(unwrap(await api.GET(`${REPORTS}/evening`, { params: { query }, signal })));
    }),
  } satisfies ActorsOf<typeof eveningReportMachine>;
}

export function createPeriodReportActors(api: ApiClient) {
  return {
    loadPeriodReport: fromPromise(async ({ input, signal }: { input: ReportPeriod; signal: AbortSignal }) => {
      const report = unwrap(await api.GET(`${REPORTS}/period`, { params: { query: input }, signal }));
      return { current: periodFromWire(report.current), previous: periodFromWire(report.previous) };
    }),
  } satisfies ActorsOf<typeof periodReportMachine>;
}

/** 'Stampa riepilogo': the PDF under /api, where the session's cookie goes with a plain link. */
export const eveningPdfHref = (day: string) => `${REPORTS}/evening/pdf?${new URLSearchParams({ day })}`;

/** 'Esporta CSV': the period's orders or order lines, a plain download. */
export const periodCsvHref = (file: 'orders' | 'order-lines', { from, to }: ReportPeriod) =>
  `${REPORTS}/${file}.csv?${new URLSearchParams({ from, to })}`;
