/**
 * The periods the owner's reports cover: shop days (Europe/Rome) as 'yyyy-MM-dd' strings. A shop day is a
 * calendar date, whatever its length (23 or 25 hours on the daylight-saving Sundays), so the arithmetic is
 * on calendar dates only, in UTC: date-fns on local Dates would follow the computer's zone, and one that
 * skipped a date (Pacific/Apia, 30 December 2011) would lose a day.
 */
import { addDays, weekdayOf } from './time';

export type PeriodKind = 'week' | 'month' | 'year';

export interface ReportPeriod {
  /** first shop day, inclusive */
  from: string;
  /** last shop day, inclusive */
  to: string;
}

export type PeriodField = keyof ReportPeriod;

export const MAX_PERIOD_YEARS = 3;
export const DAY_MALFORMED = 'La data deve essere nel formato aaaa-mm-gg.';
export const PERIOD_REVERSED = 'La data di inizio deve precedere quella di fine.';
export const PERIOD_TOO_LONG = 'Il periodo può essere al massimo di 3 anni.';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar date written 'yyyy-MM-dd' (not 2026-02-30, not 2026-2-3). */
export function isReportDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The last day of a month, 28 to 31. */
const monthLength = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The week (Monday to Sunday), month or year holding a day. */
export function periodContaining(kind: PeriodKind, day: string): ReportPeriod {
  if (kind === 'week') {
    const monday = addDays(day, -((weekdayOf(day) + 6) % 7));
    return { from: monday, to: addDays(monday, 6) };
  }
  const [year, month] = [day.slice(0, 4), day.slice(5, 7)];
  if (kind === 'year') return { from: `${year}-01-01`, to: `${year}-12-31` };
  return { from: `${year}-${month}-01`, to: `${year}-${month}-${monthLength(Number(year), Number(month))}` };
}

/** How many shop days a period holds, both ends included. */
export function periodLength(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** The period of the same number of days ending the day before `from`. */
export function previousPeriod(from: string, to: string): ReportPeriod {
  return { from: addDays(from, -periodLength(from, to)), to: addDays(from, -1) };
}

/** Every shop day of a period, in order. */
export function periodDays(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, periodLength(from, to)) }, (_, i) => addDays(from, i));
}

/** The Italian refusals for a period the owner asked for, by field; empty when it can be reported. */
export function validatePeriod(from: string, to: string): Partial<Record<PeriodField, string>> {
  const errors: Partial<Record<PeriodField, string>> = {};
  if (!isReportDay(from)) errors.from = DAY_MALFORMED;
  if (!isReportDay(to)) errors.to = DAY_MALFORMED;
  if (errors.from || errors.to) return errors;
  if (from > to) errors.from = PERIOD_REVERSED;
  // The same date 3 years on, compared as text: from 29 February it admits up to the 28th.
  else if (to > `${Number(from.slice(0, 4)) + MAX_PERIOD_YEARS}${from.slice(4)}`) errors.to = PERIOD_TOO_LONG;
  return errors;
}
