/** Money travels as euros with 2 decimals and is stored/computed as integer cents. */
export type Cents = number;

export function toCents(euros: number): Cents {
  return Math.round(euros * 100);
}

export function toEuros(cents: Cents): number {
  return Math.round(cents) / 100;
}

const euroFormat = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const decimalCommaFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** "12,50 €" — customer-facing prices (a plain space before €, so text reads and matches the same everywhere). */
export function formatEuro(cents: Cents): string {
  return euroFormat.format(toEuros(cents)).replace(/\u00a0/g, ' ');
}

/** "12,50" — cassa totals and tickets, decimal comma without symbol. */
export function formatDecimalComma(cents: Cents): string {
  return decimalCommaFormat.format(toEuros(cents));
}

/** Percentage of an amount, rounded to the nearest cent. */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.round((cents * percent) / 100);
}
