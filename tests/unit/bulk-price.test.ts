import { describe, expect, it } from 'vitest';
import { adjustedPrice, bulkPriceOutOfBounds, describeBulkChange, isPriceInBounds, parseBulkAmount } from '../../src/domain';

describe('bulk price change', () => {
  it.each([
    [650, { mode: 'percent', amount: 500 }, 680], // 6,825 → 6,80
    [800, { mode: 'percent', amount: 500 }, 840],
    [550, { mode: 'percent', amount: 500 }, 580], // 5,775 → 5,80
    [1050, { mode: 'percent', amount: -1000 }, 950], // 9,45 → 9,50 (half up)
    [650, { mode: 'euro', amount: 50 }, 700],
    [650, { mode: 'euro', amount: -33 }, 620], // 6,17 → 6,20
    [30, { mode: 'euro', amount: -100 }, 0], // never below zero
    [0, { mode: 'percent', amount: 500 }, 0],
  ] as const)('%i cents with %o → %i', (cents, change, expected) => {
    expect(adjustedPrice(cents, change)).toBe(expected);
  });

  it('reads what the owner types, with a comma or a point and a sign', () => {
    expect(parseBulkAmount('5', 'percent')).toEqual({ ok: true, amount: 500 });
    expect(parseBulkAmount('-2,5', 'percent')).toEqual({ ok: true, amount: -250 });
    expect(parseBulkAmount('+0.50', 'euro')).toEqual({ ok: true, amount: 50 });
    expect(parseBulkAmount('', 'euro')).toEqual({ ok: false, message: 'Variazione è obbligatoria.' });
    expect(parseBulkAmount('0', 'percent')).toEqual({ ok: false, message: 'Variazione non può essere zero.' });
    expect(parseBulkAmount('cinque', 'percent')).toEqual({
      ok: false,
      message: 'Variazione ha un formato non valido: scrivi ad esempio 5 o -0,50.',
    });
    expect(parseBulkAmount('1e400', 'percent').ok).toBe(false);
    expect(parseBulkAmount('101', 'percent')).toEqual({ ok: false, message: 'Variazione deve essere tra -100 e 100 %.' });
    expect(parseBulkAmount('-100,01', 'euro')).toEqual({ ok: false, message: 'Variazione deve essere tra -100 e 100 €.' });
  });

  it.each([
    [{ mode: 'percent', amount: 500 }, 'Aumenta del 5 %'],
    [{ mode: 'percent', amount: -250 }, 'Diminuisci del 2,5 %'],
    [{ mode: 'percent', amount: 1000 }, 'Aumenta del 10 %'],
    [{ mode: 'percent', amount: 800 }, 'Aumenta dell’8 %'],
    [{ mode: 'percent', amount: -150 }, 'Diminuisci dell’1,5 %'],
    [{ mode: 'percent', amount: 1800 }, 'Aumenta del 18 %'],
    [{ mode: 'euro', amount: -200 }, 'Diminuisci di 2,00 €'],
    [{ mode: 'euro', amount: 50 }, 'Aumenta di 0,50 €'],
  ] as const)('names the change %o: %s', (change, words) => {
    expect(describeBulkChange(change)).toBe(words);
  });

  it('keeps prices within 0,10–9.999,99 € and names the first product a change would take out', () => {
    expect([9, 10, 999_999, 1_000_000].map(isPriceInBounds)).toEqual([false, true, true, false]);
    const pizza = { name: 'Margherita', newCents: 4_915_200 };
    const bounds = 'un prezzo va da 0,10 € a 9999,99 €.';
    expect(bulkPriceOutOfBounds([pizza])).toBe(`Margherita costerebbe 49.152,00 €: ${bounds}`);
    expect(bulkPriceOutOfBounds([pizza, pizza])).toBe(`Margherita costerebbe 49.152,00 € (e un altro prodotto): ${bounds}`);
    expect(bulkPriceOutOfBounds([pizza, pizza, pizza])).toBe(`Margherita costerebbe 49.152,00 € (e altri 2 prodotti): ${bounds}`);
  });
});
