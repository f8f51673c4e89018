import type { components } from '../../openapi/schema';

type Settings = components['schemas']['Settings'];

/** The settings a visitor's browser may read (the rest, such as slot capacity, stay on the server). */
export const PUBLIC_SETTINGS = [
  'shop_name',
  'shop_address',
  'shop_phone_1',
  'shop_phone_2',
  'shop_legal_line',
  'ecommerce_variants',
  'opening_time',
  'last_slot_time',
  ...([1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const).map((n) => `homepage_field_${n}` as const),
] as const satisfies readonly (keyof Settings)[];

/** The public settings from the settings table's rows; a missing one reads as empty. */
export function publicSettings(rows: Readonly<Record<string, string | undefined>>): Settings {
  const settings = Object.fromEntries(PUBLIC_SETTINGS.map((key) => [key, rows[key] ?? ''])) as Settings;
  return { ...settings, ecommerce_variants: settings.ecommerce_variants === 'yes' ? 'yes' : 'no' };
}
