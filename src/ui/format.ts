import { SHOP_TIME_ZONE } from '../domain/time';

/**
 * 'sabato 14 marzo 2026' — blog dates (SPEC §9: 'EEEE d MMMM yyyy'), in the shop's time zone.
 * Intl rather than date-fns here: the home page shows these dates, and date-fns' formatter would add
 * 6.6 KB gzip to its first load (a unit test holds the two to the same text).
 */
const longDate = new Intl.DateTimeFormat('it-IT', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}
