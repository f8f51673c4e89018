/** The one source of "now". Tests and demos inject a fixed clock, so nothing depends on the wall clock. */
export interface Clock {
  now(): Date;
}

export const SHOP_TIME_ZONE = 'Europe/Rome';

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(instant: Date | string): Clock & { set(instant: Date | string): void; advance(ms: number): void } {
  let current = new Date(instant);
  return {
    now: () => new Date(current),
    set: (next) => {
      current = new Date(next);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

const romeParts = new Intl.DateTimeFormat('en-GB', {
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

export interface ShopLocalTime {
  /** yyyy-mm-dd */
  date: string;
  /** minutes since local midnight */
  minutes: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

let lastMinute: { minute: number; value: ShopLocalTime } | undefined;

/** The shop's wall-clock date and time for an instant (Intl is slow: one computation per minute). */
export function shopLocalTime(instant: Date): ShopLocalTime {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastMinute?.minute === minute) return lastMinute.value;
  const parts = Object.fromEntries(romeParts.formatToParts(instant).map((p) => [p.type, p.value]));
  const value = {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
  lastMinute = { minute, value };
  return value;
}

export function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}
