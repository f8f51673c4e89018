import type { Cents } from './money';
import { periodContaining, periodLength, previousPeriod, type PeriodKind, type ReportPeriod } from './reportPeriod';
import { addDays } from './time';

/**
 * The owner's reports as the screens hold them (issue 32): the server's figures with money in cents.
 * The server names every share ('Contanti', 'Consegna a domicilio', 'Online'): the screens show its labels.
 */

/** A share of the orders (a payment type, a delivery type, a source) and what it took. */
export interface ReportSlice {
  key: string;
  label: string;
  orders: number;
  total: Cents;
}

/** A product, dough, addition, category or zone sold. */
export interface ReportItemSales {
  id: number | null;
  name: string;
  quantity: number;
  revenue: Cents;
}

export interface ReportCodeUse {
  code: string;
  orders: number;
  amount: Cents;
}

export interface ReportTotals {
  orders: number;
  revenue: Cents;
  averageOrder: Cents;
  deliveryFees: Cents;
  discounts: Cents;
}

export interface EveningSlot {
  time: string;
  orders: number;
  ovenLoad: number;
}

/** 'Riepilogo della serata': one shop day. */
export interface EveningSummary {
  day: string;
  totals: ReportTotals;
  byPayment: ReportSlice[];
  byDelivery: ReportSlice[];
  bySource: ReportSlice[];
  discountCodes: ReportCodeUse[];
  cancelled: { orders: number; value: Cents };
  slots: EveningSlot[];
  slotCapacity: number;
  topProducts: ReportItemSales[];
}

export interface ReportDaySales {
  day: string;
  orders: number;
  revenue: Cents;
}

export interface WeekdayHourSales {
  /** 1 Monday … 7 Sunday */
  weekday: number;
  hour: number;
  orders: number;
  revenue: Cents;
}

/** One period's figures ('Andamento'). */
export interface PeriodFigures {
  from: string;
  to: string;
  totals: ReportTotals;
  days: ReportDaySales[];
  products: ReportItemSales[];
  doughs: ReportItemSales[];
  additions: ReportItemSales[];
  categories: ReportItemSales[];
  zones: ReportItemSales[];
  weekdayHours: WeekdayHourSales[];
  customers: { new: number; returning: number; unknownOrders: number };
  discountCodes: ReportCodeUse[];
}

/** A period beside the one before it (same number of days, ending the day before). */
export interface PeriodReport {
  current: PeriodFigures;
  previous: PeriodFigures;
}

/** How the owner picks a period: a week (from Monday), a month, a year, or any days from–to. */
export type ReportPeriodKind = PeriodKind | 'range';

const PREVIOUS_PERIOD: Record<ReportPeriodKind, string> = {
  week: 'sulla settimana precedente',
  month: 'sul mese precedente',
  year: "sull'anno precedente",
  range: 'sul periodo precedente',
};

/**
 * '+12 % sul mese precedente', '−3 % sulla settimana precedente' (a minus sign, not a hyphen), rounded to
 * the unit; null when the previous period had nothing, where a percentage would mean nothing.
 */
export function changeOnPrevious(current: number, previous: number, kind: ReportPeriodKind): string | null {
  if (previous === 0) return null;
  const percent = Math.round(((current - previous) / previous) * 100);
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `${sign}${Math.abs(percent)} % ${PREVIOUS_PERIOD[kind]}`;
}

/**
 * The period before (-1) or after (+1) one: the week, month or year beside it; for days from–to, as many
 * days ending the day before or starting the day after.
 */
export function shiftPeriod(kind: ReportPeriodKind, period: ReportPeriod, step: -1 | 1): ReportPeriod {
  if (kind !== 'range') return periodContaining(kind, step < 0 ? addDays(period.from, -1) : addDays(period.to, 1));
  if (step < 0) return previousPeriod(period.from, period.to);
  return { from: addDays(period.to, 1), to: addDays(period.to, periodLength(period.from, period.to)) };
}
