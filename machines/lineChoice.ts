import { linePriceCents, type Cents } from '../src/domain';
import type { Addition, Product, Variant } from './shop.machine';

/**
 * What the product dialog adds to the cart (or puts back in place of the line it edits), and its
 * price. Apart from the dialog's machine, so the cart (in every page's first download) does not
 * bring the dialog along.
 */
export interface LineChoice {
  product: Product;
  variant: Variant | null;
  additions: Addition[];
  qty: number;
}

export function choicePriceCents(choice: LineChoice): Cents {
  return linePriceCents({
    qty: choice.qty,
    baseCents: choice.product.priceCents,
    variantCents: choice.variant?.priceModifierCents ?? 0,
    additionCents: choice.additions.map((a) => a.priceCents),
  });
}
