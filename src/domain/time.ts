/**
 * The shop's clock: its dates and times are Europe/Rome wall time, whatever zone the server or the
 * cashier's computer runs in. Intl does the zone arithmetic (daylight saving time included).
 */
export const SHOP_TIME_ZONE = 'Europe/Rome';

/** The shop's date and time at an instant: 'yyyy-MM-dd' and 'HH:mm'. */
export interface ShopNow {
  date: string;
  time: string;
}

export interface ShopLocalTime {
  /** yyyy-MM-dd */
  date: string;
  /** minutes since local midnight */
  minutes: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

const wallParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

let lastMinute: { minute: number; value: ShopLocalTime } | undefined;

/** The shop's wall-clock date and time for an instant (Intl is slow: one computation per minute). */
export function shopLocalTime(instant: Date): ShopLocalTime {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastMinute?.minute === minute) return lastMinute.value;
  const parts = Object.fromEntries(wallParts.formatToParts(instant).map((p) => [p.type, p.value]));
  const value = {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
  lastMinute = { minute, value };
  return value;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The shop's 'yyyy-MM-dd' and 'HH:mm' at an instant. */
export function shopNow(instant: Date): ShopNow {
  const { date, minutes } = shopLocalTime(instant);
  return { date, time: `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}` };
}

/** A wall-clock reading as milliseconds on a zone-free line, so two readings can be subtracted. */
const wallMs = ({ date, time }: ShopNow) => Date.parse(`${date}T${time}:00Z`);

/**
 * The shop's clock as the server read it once (`reference`), kept running by this computer's clock:
 * the computer's own error is taken out, its time zone never matters, and a change to or from
 * summer time while the page is open moves the shop's clock as it moves the shop's wall clock.
 */
export function shopClock(reference: ShopNow, now: () => number = Date.now): () => ShopNow {
  const skew = wallMs(reference) - wallMs(shopNow(new Date(now())));
  return () => shopNow(new Date(now() + skew));
}

/** 'yyyy-MM-dd' as the Italian 'dd/MM/yyyy' (a calendar date: no time zone involved). */
export function formatShopDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** The calendar date `days` after a 'yyyy-MM-dd' date (no time zone involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A 'yyyy-MM-dd' calendar date's weekday, 0 Sunday … 6 Saturday (no time zone involved). */
export function weekdayOf(date: string): number {
  return new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay();
}
