import { ADDITIONS_CATEGORY_ID, SEARCH_EXCLUDED_CATEGORY_IDS } from './categories';
import { CASSA_FIRST_SLOT, CASSA_LAST_SLOT, fromMinutes, SLOT_MINUTES, toMinutes } from './slots';

/** How many client names the cassa suggests at once (SPEC §5). */
export const MAX_CLIENT_SUGGESTIONS = 50;

const folded = (text: string) => text.trim().toLocaleLowerCase('it');

/**
 * The clients the name box suggests: names starting with the text first, then names containing it,
 * case-insensitive, at most 50; no text gives the first 50 (SPEC §5).
 */
export function suggestClients<T extends { name: string }>(clients: readonly T[], text: string): T[] {
  const query = folded(text);
  if (query === '') return clients.slice(0, MAX_CLIENT_SUGGESTIONS);
  const starting: T[] = [];
  const containing: T[] = [];
  for (const client of clients) {
    const name = folded(client.name);
    if (name.startsWith(query)) starting.push(client);
    else if (name.includes(query)) containing.push(client);
  }
  return [...starting, ...containing].slice(0, MAX_CLIENT_SUGGESTIONS);
}

/** Those whose name holds the text, case-insensitive (no text: all of them). */
export function matchingByName<T extends { name: string }>(items: readonly T[], text: string): T[] {
  const query = folded(text);
  return query === '' ? [...items] : items.filter((item) => folded(item.name).includes(query));
}

/**
 * The products the cassa's search finds: name containing the text, case-insensitive, leaving out
 * categories 3, 4 and 9 and products whose category is gone (SPEC §5).
 */
export function searchProducts<T extends { name: string; category_id: number }>(
  products: readonly T[],
  categoryIds: ReadonlySet<number>,
  text: string,
): T[] {
  return matchingByName(products, text).filter(
    (p) => categoryIds.has(p.category_id) && !SEARCH_EXCLUDED_CATEGORY_IDS.includes(p.category_id),
  );
}

/** What 'Aggiungi omaggio' offers: products at 0 €, ingredients (category 9) excepted. */
export function freeItems<T extends { priceCents: number; category_id: number }>(products: readonly T[]): T[] {
  return products.filter((p) => p.priceCents === 0 && p.category_id !== ADDITIONS_CATEGORY_ID);
}

/** The least time between a phone call and the delivery the cassa suggests. */
const PREPARATION_MINUTES = 30;

/**
 * A new phone order's delivery time before the cashier changes it: the first 15-minute slot at least
 * half an hour from now, within the cassa's 18:00–23:45 strip.
 */
export function defaultDeliveryTime(now: string): string {
  const earliest = toMinutes(now) + PREPARATION_MINUTES;
  const rounded = Math.ceil(earliest / SLOT_MINUTES) * SLOT_MINUTES;
  return fromMinutes(Math.min(Math.max(rounded, toMinutes(CASSA_FIRST_SLOT)), toMinutes(CASSA_LAST_SLOT)));
}
