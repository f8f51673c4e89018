import { describe, expect, it } from 'vitest';
import {
  cassaSlots,
  deliveryFeeCents,
  discountCodeForDelivery,
  evaluateDiscount,
  formatDecimalComma,
  formatEuro,
  isCategoryGroup,
  isValidPhone,
  keptLines,
  linePriceCents,
  minimumOrderRefusal,
  reopenedDeliveryFeeCents,
  isDeliveryFree,
  zoneChargesText,
  ovenItemCount,
  slotOf,
  statusAfterEdit,
  toCents,
  toEuros,
  type DiscountRule,
} from '../../src/domain';

describe('money', () => {
  it('converts euros and cents without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toEuros(1550)).toBe(15.5);
  });

  it('formats prices the Italian way', () => {
    expect(formatEuro(1550)).toBe('15,50 €');
    expect(formatEuro(0)).toBe('0,00 €');
    expect(formatDecimalComma(123456)).toBe('1234,56');
  });
});

describe('line price = qty × (base + dough + additions)', () => {
  it('adds dough and additions per unit, then multiplies', () => {
    expect(linePriceCents({ qty: 2, baseCents: 650, variantCents: 150, additionCents: [200, 100] })).toBe(2200);
    expect(linePriceCents({ qty: 1, baseCents: 650, variantCents: 0, additionCents: [] })).toBe(650);
  });
});

describe('a reopened order keeps its lines prices', () => {
  const margherita = { productId: 1, variantId: null, additionIds: [90, 91], unitCents: 650 };
  const marinara = { productId: 2, variantId: null, additionIds: [], unitCents: 550 };
  const stored = [margherita, marinara];

  it('keeps the stored line of the same product, dough and additions (in any order, at any quantity)', () => {
    expect(
      keptLines(
        [
          { productId: 2, variantId: null, additionIds: [] },
          { productId: 1, variantId: null, additionIds: [91, 90] },
        ],
        stored,
      ),
    ).toEqual([marinara, margherita]);
  });

  it("gives today's price to a new line and to one whose dough or additions changed", () => {
    expect(
      keptLines(
        [
          { productId: 1, variantId: 4, additionIds: [90, 91] },
          { productId: 1, variantId: null, additionIds: [90] },
          { productId: 3, variantId: null, additionIds: [] },
        ],
        stored,
      ),
    ).toEqual([undefined, undefined, undefined]);
  });

  it('lets each stored line be kept by one line only', () => {
    const line = { productId: 2, variantId: null, additionIds: [] };
    expect(keptLines([line, line], stored)).toEqual([marinara, undefined]);
  });
});

describe('phone rule: optional + then 8 to 15 digits', () => {
  it.each([
    ['3331234567', true],
    ['+393331234567', true],
    ['06 1234 5678', true],
    ['1234567', false],
    ['1234567890123456', false],
    ['33312a4567', false],
    ['', false],
  ])('%s → %s', (phone, valid) => expect(isValidPhone(phone)).toBe(valid));
});

describe('slots', () => {
  it('buckets a delivery time into its 15-minute slot', () => {
    expect(slotOf('19:37')).toBe('19:30');
    expect(slotOf('20:00')).toBe('20:00');
    expect(slotOf('23:59')).toBe('23:45');
  });

  it('the cassa strip runs from 18:00 to 23:45', () => {
    const slots = cassaSlots();
    expect(slots).toHaveLength(24);
    expect(slots[0]).toBe('18:00');
    expect(slots.at(-1)).toBe('23:45');
  });
});

describe('category groups', () => {
  it('the oven counts the items of grouped lines only: drinks and unknown products never', () => {
    expect(
      ovenItemCount([
        { group: 'pizze', qty: 2 },
        { group: null, qty: 5 },
        { group: 'compositions', qty: 1 },
        { group: 'calzoni', qty: 3 },
      ]),
    ).toBe(6);
    expect(ovenItemCount([])).toBe(0);
  });

  it('knows its three groups and nothing else', () => {
    expect(['pizze', 'compositions', 'calzoni'].every(isCategoryGroup)).toBe(true);
    expect(isCategoryGroup('bevande')).toBe(false);
    expect(isCategoryGroup(null)).toBe(false);
  });
});

describe('orders', () => {
  it('an edit after printing asks for a reprint; other states stay', () => {
    expect(statusAfterEdit(1)).toBe(2);
    expect(statusAfterEdit(0)).toBe(0);
    expect(statusAfterEdit(2)).toBe(2);
  });

  it('pickup sets RITIRO-IN-PIZZERIA; going back to delivery clears only that code', () => {
    expect(discountCodeForDelivery('ritiro', null)).toBe('RITIRO-IN-PIZZERIA');
    expect(discountCodeForDelivery('consegna', 'RITIRO-IN-PIZZERIA')).toBeNull();
    expect(discountCodeForDelivery('consegna', 'BENVENUTO5')).toBe('BENVENUTO5');
  });
});

describe('discount rules', () => {
  const pickup: DiscountRule = {
    code: 'RITIRO-IN-PIZZERIA',
    kind: 'percent',
    amount: 15,
    minOrderCents: 1500,
    delivery: 'ritiro',
    label: '',
  };
  const fixed: DiscountRule = { code: 'BENVENUTO5', kind: 'fixed', amount: 500, minOrderCents: 0, delivery: null, label: '' };

  it('15% for pickup orders of at least 15 €', () => {
    expect(evaluateDiscount(pickup, 1500, 'ritiro')).toEqual({ ok: true, discountCents: 225 });
    expect(evaluateDiscount(pickup, 1499, 'ritiro')).toEqual({ ok: false, reason: 'minimum' });
    expect(evaluateDiscount(pickup, 3000, 'consegna')).toEqual({ ok: false, reason: 'delivery' });
    expect(evaluateDiscount(pickup, 3000, null)).toEqual({ ok: true, discountCents: 450 });
  });

  it('a fixed discount never exceeds the order', () => {
    expect(evaluateDiscount(fixed, 300, 'consegna')).toEqual({ ok: true, discountCents: 300 });
  });
});

describe('zone fees and minimums', () => {
  const centro = { name: 'Centro', feeCents: 250, minOrderCents: 1500 };

  it('charges the fee on home delivery to a zone only', () => {
    expect(deliveryFeeCents('consegna', centro)).toBe(250);
    expect(deliveryFeeCents('ritiro', centro)).toBe(0);
    expect(deliveryFeeCents('consegna', undefined)).toBe(0);
    expect(deliveryFeeCents(null, centro)).toBe(0);
  });

  it("a reopened delivery to the same zone keeps its fee; another zone or a former pickup pays today's", () => {
    const zone = { ...centro, id: 4 };
    const stored = { delivery: 'consegna' as const, zoneId: 4, feeCents: 100 };
    expect(reopenedDeliveryFeeCents('consegna', zone, stored)).toBe(100);
    expect(reopenedDeliveryFeeCents('consegna', { ...zone, id: 5 }, stored)).toBe(250);
    expect(reopenedDeliveryFeeCents('consegna', zone, { ...stored, delivery: 'ritiro', feeCents: 0 })).toBe(250);
    expect(reopenedDeliveryFeeCents('ritiro', zone, stored)).toBe(0);
    expect(reopenedDeliveryFeeCents('consegna', zone, null)).toBe(250);
  });

  it('says what a zone asks of a home delivery, and whether delivery is free everywhere', () => {
    expect(zoneChargesText(centro)).toBe('consegna 2,50 €, ordine minimo 15,00 €');
    expect(zoneChargesText({ ...centro, feeCents: 0 })).toBe('consegna gratuita, ordine minimo 15,00 €');
    expect(zoneChargesText({ ...centro, minOrderCents: 0 })).toBe('consegna 2,50 €');
    expect(zoneChargesText({ ...centro, feeCents: 0, minOrderCents: 0 })).toBe('');
    expect(isDeliveryFree([{ ...centro, feeCents: 0 }])).toBe(true);
    expect(isDeliveryFree([{ ...centro, feeCents: 0 }, centro])).toBe(false);
  });

  it('measures the minimum on the goods, saying its amount; pickup has none', () => {
    expect(minimumOrderRefusal(1499, 'consegna', centro)).toBe("L'ordine minimo per Centro è 15,00 €.");
    expect(minimumOrderRefusal(1500, 'consegna', centro)).toBeNull();
    expect(minimumOrderRefusal(100, 'ritiro', centro)).toBeNull();
    expect(minimumOrderRefusal(100, 'consegna', { ...centro, minOrderCents: 0 })).toBeNull();
  });
});

describe('money formatting matches Intl it-IT', () => {
  it.each([0, 5, 99, 100, 1550, 123456, 1234567, 100000000, -250, -1234567])('%i cents', (cents) => {
    const intl = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\u00a0/g, ' ');
    expect(formatEuro(cents)).toBe(intl);
  });
});
