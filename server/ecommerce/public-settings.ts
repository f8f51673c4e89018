import { openingHoursText, parseWeeklyHours, weekSpan } from '../../src/domain';
import type { components } from '../../openapi/schema';

type Settings = components['schemas']['Settings'];

/** The settings a visitor's browser may read as stored (the rest, such as slot capacity, stay on the server). */
const STORED_PUBLIC_SETTINGS = [
  'shop_name',
  'shop_address',
  'shop_phone_1',
  'shop_phone_2',
  'shop_legal_line',
  'ecommerce_variants',
  ...([1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const).map((n) => `homepage_field_${n}` as const),
] as const satisfies readonly (keyof Settings)[];

/**
 * The public settings from the settings table's rows; a missing one reads as empty. The weekly hours
 * are told, not sent: one opening time and last slot (the week's earliest and latest) and the week in words.
 */
export function publicSettings(rows: Readonly<Record<string, string | undefined>>): Settings {
  const stored = Object.fromEntries(STORED_PUBLIC_SETTINGS.map((key) => [key, rows[key] ?? '']));
  const week = parseWeeklyHours(rows.weekly_hours);
  const span = weekSpan(week);
  return {
    ...(stored as Omit<Settings, 'opening_time' | 'last_slot_time' | 'opening_hours'>),
    ecommerce_variants: stored.ecommerce_variants === 'yes' ? 'yes' : 'no',
    opening_time: span?.first ?? '',
    last_slot_time: span?.last ?? '',
    opening_hours: openingHoursText(week),
  };
}
