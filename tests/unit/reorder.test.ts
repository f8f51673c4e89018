import { describe, expect, it } from 'vitest';
import { reorderChoices } from '../../machines/reorder';
import { accountOrderFromWire } from '../../src/api/accountActors';
import { shopDataFromWire } from '../../src/api/shopActors';
import { accountOrders } from '../mocks/accountFixtures';
import { webapp } from '../mocks/fixtures';

const { products } = shopDataFromWire(webapp);
const [lastOrder, firstOrder] = accountOrders.map(accountOrderFromWire);

describe("'Ordina di nuovo': a past order's lines as today's menu sells them", () => {
  it('keeps the product, dough, additions and quantity of a line still sold; names a line no longer sold', () => {
    const { choices, missing } = reorderChoices(lastOrder!.lines, products);
    expect(choices.map((c) => [c.product.name, c.variant?.name ?? null, c.additions.map((a) => a.name), c.qty])).toEqual([
      ['Margherita', 'Integrale', ['Bufala'], 2],
    ]);
    // Today's price comes from today's menu (the cart prices the line), not from the old order.
    expect(choices[0]!.product.priceCents).toBe(700);
    expect(missing).toEqual(['Supplì non è più disponibile.']);
  });

  it("'La Capricciosa non è più disponibile.' when the pizza left the menu; a sold-out one and a dough no longer offered too", () => {
    const capricciosa = { ...lastOrder!.lines[0]!, productId: 77, name: 'Capricciosa', variantId: null, additions: [] };
    expect(reorderChoices([capricciosa], products).missing).toEqual(['La Capricciosa non è più disponibile.']);
    const soldOut = products.map((p) => (p.name === 'Fiori di zucca e alici' ? { ...p, sold_out: true } : p));
    expect(reorderChoices(firstOrder!.lines, soldOut)).toEqual({ choices: [], missing: ['Fiori di zucca e alici non è più disponibile.'] });
    const noDough = products.map((p) => (p.name === 'Margherita' ? { ...p, variants: [] } : p));
    expect(reorderChoices(lastOrder!.lines.slice(0, 1), noDough).missing).toEqual(['La Margherita non è più disponibile.']);
  });
});
