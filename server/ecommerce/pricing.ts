import {
  keptLines,
  lineAllergens,
  linePriceCents,
  offersDoughChoice,
  unitPriceCents,
  type AllergenFacts,
  type Cents,
  type LineKey,
} from '../../src/domain';
import type { components } from '../../openapi/schema';
import { FieldErrorCollector } from '../errors';
import type { AdditionView, CatalogSnapshot, ProductView, VariantView } from './catalog';

/**
 * Customers may order only what is for sale and not sold out today; staff may also ring up hidden
 * items (free gifts…) and sold-out ones (the last portion is theirs to sell). Nobody sells an archived one.
 */
export type Audience = 'customer' | 'staff';

export type CartLineInput = components['schemas']['CartLineInput'];

export const ITEM_UNAVAILABLE = 'Un prodotto nel carrello non è più disponibile: rimuovilo e riprova.';

export interface PricedLine {
  product: ProductView;
  /** the product's price on this line: today's, or the one a reopened order keeps */
  baseCents: Cents;
  qty: number;
  variant: VariantView | null;
  additions: AdditionView[];
  note: string | null;
  unitCents: Cents;
  totalCents: Cents;
  /** its product's, its dough's (chosen, else the base) and its additions' */
  allergens: AllergenFacts;
}

/** A line of a stored order, with the prices a reopened order keeps for it (see `keptLines`). */
export interface StoredLinePrices extends LineKey {
  baseCents: Cents;
  variantCents: Cents;
  /** by addition (product) id */
  additionCents: ReadonlyMap<number, Cents>;
}

const additionIdsOf = (line: CartLineInput) => [...new Set((line.additions ?? []).map((a) => a.id))];

export interface PricedCart {
  lines: PricedLine[];
  totalQuantity: number;
  totalCents: Cents;
}

/**
 * Prices every line from the catalogue: the client's prices, names and totals are never read. A
 * reopened order's lines (`stored`, read from the database) keep their prices where the rule of
 * `keptLines` says so. Throws a validation error naming each line that cannot be sold as asked.
 */
export function priceCart(
  catalog: CatalogSnapshot,
  input: readonly CartLineInput[],
  audience: Audience,
  stored: readonly StoredLinePrices[] = [],
): PricedCart {
  const errors = new FieldErrorCollector();
  const lines: PricedLine[] = [];
  let unavailable = false;
  const kept = keptLines(
    input.map((line) => ({ productId: line.id, variantId: line.variants?.[0]?.id ?? null, additionIds: additionIdsOf(line) })),
    stored,
  );

  input.forEach((line, index) => {
    const field = `cart.${index}`;
    const product = catalog.productsById.get(line.id);
    if (!product || product.archived || (audience === 'customer' && (!product.forSale || product.soldOut))) {
      errors.add(`${field}.id`, ITEM_UNAVAILABLE);
      unavailable = true;
      return;
    }

    const variantId = line.variants?.[0]?.id;
    let variant: VariantView | null = null;
    if (variantId !== undefined) {
      // Staff may pick any dough the product has; customers only what the menu offers them (the browser's rule).
      const canChoose =
        audience === 'staff' ||
        offersDoughChoice({ variants: product.variants, allow_variants: product.allowVariants }, catalog.settings.ecommerce_variants);
      variant = (canChoose && product.variants.find((v) => v.id === variantId)) || null;
      if (!variant) errors.add(`${field}.variants`, `L'impasto scelto non è disponibile per ${product.name}.`);
    }

    const additionIds = additionIdsOf(line);
    const additions: AdditionView[] = [];
    for (const id of additionIds) {
      const addition = product.additions.find((a) => a.id === id);
      if (addition && audience === 'customer' && addition.soldOut) {
        errors.add(`${field}.additions`, ITEM_UNAVAILABLE);
        unavailable = true;
      } else if (addition) additions.push(addition);
      else errors.add(`${field}.additions`, `Aggiunta non disponibile per ${product.name}.`);
    }

    // The same line as one of the reopened order: its dough and additions keep their prices too.
    const keep = kept[index];
    const lineVariant = keep && variant ? { ...variant, priceModifierCents: keep.variantCents } : variant;
    const lineAdditions = keep ? additions.map((a) => ({ ...a, priceCents: keep.additionCents.get(a.id) ?? a.priceCents })) : additions;
    const priced = {
      qty: line.qty,
      baseCents: keep?.baseCents ?? product.priceCents,
      variantCents: lineVariant?.priceModifierCents ?? 0,
      additionCents: lineAdditions.map((a) => a.priceCents),
    };
    lines.push({
      product,
      baseCents: priced.baseCents,
      qty: line.qty,
      variant: lineVariant,
      additions: lineAdditions,
      note: line.note?.trim() || null,
      unitCents: unitPriceCents(priced),
      totalCents: linePriceCents(priced),
      allergens: lineAllergens({ ...product, base_dough: product.baseDough }, variant, additions),
    });
  });

  // A product gone is the refusal the customer acts on first (remove the line); the rest is validation.
  errors.throwIfAny(unavailable ? 'cart.item_unavailable' : 'validation');
  return {
    lines,
    totalQuantity: lines.reduce((sum, l) => sum + l.qty, 0),
    totalCents: lines.reduce((sum, l) => sum + l.totalCents, 0),
  };
}
