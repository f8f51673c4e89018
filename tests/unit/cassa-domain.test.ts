import { describe, expect, it } from 'vitest';
import { defaultDeliveryTime, freeItems, searchProducts, suggestClients } from '../../src/domain';

const clients = ['Mario Rossi', 'Anna Maria Neri', 'maria Bianchi', 'Rosa Marini', 'Marco Verdi', 'Luca Bianchi'].map((name, id) => ({
  id,
  name,
}));

describe('client suggestions', () => {
  it('lists names starting with the text first, then names containing it, ignoring case', () => {
    expect(suggestClients(clients, 'mar').map((c) => c.name)).toEqual([
      'Mario Rossi',
      'maria Bianchi',
      'Marco Verdi',
      'Anna Maria Neri',
      'Rosa Marini',
    ]);
    expect(suggestClients(clients, '  BIANCHI ').map((c) => c.name)).toEqual(['maria Bianchi', 'Luca Bianchi']);
    expect(suggestClients(clients, 'zz')).toEqual([]);
  });

  it('gives the first 50 for no text, and never more than 50', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ name: `Cliente ${String(i).padStart(3, '0')}` }));
    expect(suggestClients(many, '')).toEqual(many.slice(0, 50));
    expect(suggestClients(many, 'cliente')).toHaveLength(50);
    expect(
      suggestClients(many, '1')
        .slice(0, 2)
        .map((c) => c.name),
    ).toEqual(['Cliente 001', 'Cliente 010']);
  });
});

describe('product search', () => {
  const products = [
    { name: 'Margherita', category_id: 1 },
    { name: 'Marinara', category_id: 3 },
    { name: 'Pinsa margherita', category_id: 4 },
    { name: 'Mozzarella di bufala', category_id: 9 },
    { name: 'Calzone margherita', category_id: 5 },
    { name: 'Margherita orfana', category_id: 99 },
  ];
  const categories = new Set([1, 3, 4, 5, 9]);

  it('finds names containing the text in any case, leaving out categories 3, 4, 9 and unknown ones', () => {
    expect(searchProducts(products, categories, 'MARGH').map((p) => p.name)).toEqual(['Margherita', 'Calzone margherita']);
    expect(searchProducts(products, categories, 'bufala')).toEqual([]);
    expect(searchProducts(products, categories, '').map((p) => p.name)).toEqual(['Margherita', 'Calzone margherita']);
  });
});

describe('free items', () => {
  it('offers products at 0 € except ingredients (category 9)', () => {
    const products = [
      { name: 'Lattina omaggio', priceCents: 0, category_id: 7 },
      { name: 'Basilico', priceCents: 0, category_id: 9 },
      { name: 'Coca-Cola', priceCents: 250, category_id: 7 },
    ];
    expect(freeItems(products).map((p) => p.name)).toEqual(['Lattina omaggio']);
  });
});

describe("a new phone order's delivery time", () => {
  it('is the first quarter hour at least 30 minutes ahead, within 18:00–23:45', () => {
    expect(defaultDeliveryTime('19:02')).toBe('19:45');
    expect(defaultDeliveryTime('19:15')).toBe('19:45');
    expect(defaultDeliveryTime('12:00')).toBe('18:00');
    expect(defaultDeliveryTime('23:40')).toBe('23:45');
  });
});
