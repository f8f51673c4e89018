/** Money travels as euros with 2 decimals and is stored/computed as integer cents. */
export type Cents = number;

export function toCents(euros: number): Cents {
  return Math.round(euros * 100);
}

export function toEuros(cents: Cents): number {
  return Math.round(cents) / 100;
}

/**
 * "1234,50": decimal comma, two decimals, no grouping. Written by hand because it runs for every
 * price on every request and Intl.NumberFormat is slow; it matches it-IT for these amounts.
 */
export function formatDecimalComma(cents: Cents): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** "12,50 €", "12.345,00 €" — customer-facing prices; Italian groups thousands from five digits up. */
export function formatEuro(cents: Cents): string {
  const [units = '0', decimals] = formatDecimalComma(cents).split(',');
  const grouped = units.replace(/^-/, '').length >= 5 ? units.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : units;
  return `${grouped},${decimals} €`;
}

/** Percentage of an amount, rounded to the nearest cent. */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.round((cents * percent) / 100);
}

/** The largest price the back office accepts: 9.999,99 €. */
export const MAX_PRICE_CENTS = 999_999;
/** The smallest: 0,10 €, the bulk change's rounding step (a supplement or a fee may also be 0, none). */
export const MIN_PRICE_CENTS = 10;

/** Every price written (product editor, bulk change, supplements, delivery fees) lies within these bounds. */
export const isPriceInBounds = (cents: Cents) => cents >= MIN_PRICE_CENTS && cents <= MAX_PRICE_CENTS;

/**
 * Euros as the owner types them ('6,50', '6.5', '6', ' 12,00 ') → cents; null when it is not an amount.
 * A comma or a point before the last one or two digits is the decimal mark; no thousands separators.
 */
export function parseEuroInput(text: string): Cents | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Cents → the text of a euro field ('6,50'). */
export const formatEuroInput = formatDecimalComma;
