import { formatDecimalComma, formatEuro, MAX_PRICE_CENTS, MIN_PRICE_CENTS, type Cents } from './money';

/** A change of many prices at once: a percentage, or euros added or taken off. */
export type BulkPriceMode = 'percent' | 'euro';

export interface BulkPriceChange {
  mode: BulkPriceMode;
  /** percent: hundredths of a percent (500 = +5 %); euro: cents (-50 = -0,50 €) */
  amount: number;
}

/** One product of a bulk change: its price now and after the change. */
export interface BulkPriceLine {
  id: number;
  version: number;
  name: string;
  categoryName: string;
  oldCents: Cents;
  newCents: Cents;
}

export const BULK_PERCENT_LIMIT = 100;
export const BULK_EURO_LIMIT_CENTS = 10_000;

/** Prices move to the nearest 10 cents (half up) and never below zero: 6,50 + 5 % = 6,825 → 6,80. */
export function adjustedPrice(cents: Cents, change: BulkPriceChange): Cents {
  const raw = change.mode === 'percent' ? cents * (1 + change.amount / 10_000) : cents + change.amount;
  return Math.max(0, Math.floor(raw / 10 + 0.5 + 1e-9) * 10);
}

/**
 * The amount as the owner types it ('5', '-2,5', '+0,50') for a mode, or the Italian reason it is
 * refused. Percentages from -100 to +100, euros from -100 to +100; zero changes nothing, so it is refused.
 */
export function parseBulkAmount(text: string, mode: BulkPriceMode): { ok: true; amount: number } | { ok: false; message: string } {
  const match = /^([+-]?)(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (text.trim() === '') return { ok: false, message: 'Variazione è obbligatoria.' };
  if (!match) return { ok: false, message: 'Variazione ha un formato non valido: scrivi ad esempio 5 o -0,50.' };
  const hundredths = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  const amount = match[1] === '-' ? -hundredths : hundredths;
  if (amount === 0) return { ok: false, message: 'Variazione non può essere zero.' };
  const limit = mode === 'percent' ? BULK_PERCENT_LIMIT : BULK_EURO_LIMIT_CENTS / 100;
  if (Math.abs(amount) > limit * 100) {
    return {
      ok: false,
      message: mode === 'percent' ? 'Variazione deve essere tra -100 e 100 %.' : 'Variazione deve essere tra -100 e 100 €.',
    };
  }
  return { ok: true, amount };
}

/**
 * What applying the change does, in words for its button: 'Aumenta del 5 %', 'Diminuisci di 2,00 €'.
 * Before a vowel sound (1, 8, 11, 80…) the article elides: 'Aumenta dell’8 %'.
 */
export function describeBulkChange({ mode, amount }: BulkPriceChange): string {
  const verb = amount > 0 ? 'Aumenta' : 'Diminuisci';
  if (mode === 'euro') return `${verb} di ${formatEuro(Math.abs(amount))}`;
  const percent = formatDecimalComma(Math.abs(amount)).replace(/,?0+$/, '');
  const article = /^(1|11|8\d*)(,|$)/.test(percent) ? 'dell’' : 'del ';
  return `${verb} ${article}${percent} %`;
}

/**
 * Why a change is refused when it would take products out of the price bounds (the first one named,
 * with the new price it would get): 'Margherita costerebbe 0,00 €: …'.
 */
export function bulkPriceOutOfBounds(outside: readonly { name: string; newCents: Cents }[]): string {
  const [first] = outside;
  const others = outside.length - 1;
  const also = others === 0 ? '' : others === 1 ? ' (e un altro prodotto)' : ` (e altri ${others} prodotti)`;
  return `${first!.name} costerebbe ${formatEuro(first!.newCents)}${also}: un prezzo va da ${formatEuro(MIN_PRICE_CENTS)} a ${formatEuro(MAX_PRICE_CENTS)}.`;
}
