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
