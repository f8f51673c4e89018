import type { Cents } from './money';

export interface PricedLine {
  qty: number;
  baseCents: Cents;
  /** price_modifier of the chosen dough; 0 for plain pizza */
  variantCents: Cents;
  additionCents: readonly Cents[];
}

export const MIN_QUANTITY = 1;

/** Line price = qty × (base price + dough price_modifier + sum of chosen addition prices). */
export function unitPriceCents(line: Omit<PricedLine, 'qty'>): Cents {
  return line.baseCents + line.variantCents + line.additionCents.reduce((sum, cents) => sum + cents, 0);
}

export function linePriceCents(line: PricedLine): Cents {
  return line.qty * unitPriceCents(line);
}

/** What makes two lines "the same line" (SPEC §4): product, dough and the set of additions. */
export interface LineKey {
  productId: number | null;
  variantId: number | null;
  additionIds: number[];
}

export function isSameLineKey(a: LineKey, b: LineKey): boolean {
  return (
    a.productId === b.productId &&
    a.variantId === b.variantId &&
    a.additionIds.length === b.additionIds.length &&
    a.additionIds.every((id) => b.additionIds.includes(id))
  );
}

/**
 * Reopened in the cassa, an order keeps its lines' prices (issue 17): a line that is the same line
 * (product, dough, additions) as one of the stored order keeps that stored line's prices, whatever
 * its quantity now (a quantity change keeps the unit price); a new line, or one whose dough or
 * additions changed, takes today's. Each stored line is kept by one line at most. Gives, for each
 * line, the stored line whose prices it keeps, or undefined.
 */
export function keptLines<Stored extends LineKey>(lines: readonly LineKey[], stored: readonly Stored[]): (Stored | undefined)[] {
  const unused = [...stored];
  return lines.map((line) => {
    const index = unused.findIndex((candidate) => isSameLineKey(line, candidate));
    return index < 0 ? undefined : unused.splice(index, 1)[0];
  });
}
