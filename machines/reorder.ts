import type { AccountOrderLine } from './account.machine';
import type { LineChoice } from './lineChoice';
import type { Product } from './shop.machine';

/**
 * 'La Capricciosa non è più disponibile.': a past line the menu no longer sells as it was. The article
 * only for a name that takes 'la' (a pizza, a birra); 'Supplì non è più disponibile.' reads right without.
 */
export const noLongerSold = (name: string) => `${/a$/i.test(name) ? 'La ' : ''}${name} non è più disponibile.`;

/**
 * A past order's lines as today's menu sells them ('Ordina di nuovo'): the same product, dough and
 * additions at today's prices (the cart prices them). A line whose product is gone, sold out, or
 * whose dough or an addition is no longer offered is left out and named.
 */
export function reorderChoices(lines: readonly AccountOrderLine[], products: readonly Product[]) {
  const choices: LineChoice[] = [];
  const missing: string[] = [];
  for (const line of lines) {
    const product = products.find((p) => p.id === line.productId && !p.sold_out);
    const variant = line.variantId === null ? null : (product?.variants.find((v) => v.id === line.variantId) ?? undefined);
    const additions = line.additions.map((name) => product?.additions.find((a) => a.name === name));
    if (!product || variant === undefined || additions.some((a) => a === undefined)) missing.push(noLongerSold(line.name));
    else choices.push({ product, variant, additions: additions.filter((a) => a !== undefined), qty: line.qty });
  }
  return { choices, missing };
}
