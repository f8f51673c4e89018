/**
 * A product's doughs offer (`allow_variants`, SPEC §3): every dough it links, online too; only the
 * chosen ones; or the plain dough only. Below `plainOnly` the doughs are offered as choices.
 */
export const DOUGH_OFFER = { every: 0, chosen: 1, plainOnly: 2 } as const;
export type DoughOffer = (typeof DOUGH_OFFER)[keyof typeof DOUGH_OFFER];

export const offersDoughs = (offer: number) => offer < DOUGH_OFFER.plainOnly;

/** An offer as the database stores it; anything else (a hand edit) counts as plain only. */
export const doughOfferOf = (stored: number): DoughOffer =>
  stored === DOUGH_OFFER.every || stored === DOUGH_OFFER.chosen ? stored : DOUGH_OFFER.plainOnly;

/**
 * Variants (doughs) can be chosen only when the product has some, its offer includes them and the
 * shop's setting ecommerce_variants is 'yes' (SPEC §5).
 */
export function offersDoughChoice(
  product: { variants: readonly unknown[]; allow_variants: number },
  ecommerceVariants: string | undefined,
) {
  return product.variants.length > 0 && offersDoughs(product.allow_variants) && ecommerceVariants === 'yes';
}

interface MenuCategory {
  id: number;
  sorting: number;
  visibility: boolean;
}

interface MenuProduct {
  category_id: number;
  visibility: boolean;
}

/** The menu customers see: visible categories by `sorting`, each with its visible products, empty ones left out. */
export function menuSections<C extends MenuCategory, P extends MenuProduct>(
  categories: readonly C[],
  products: readonly P[],
): { category: C; products: P[] }[] {
  return categories
    .filter((category) => category.visibility)
    .sort((a, b) => a.sorting - b.sorting)
    .map((category) => ({ category, products: products.filter((p) => p.visibility && p.category_id === category.id) }))
    .filter((section) => section.products.length > 0);
}
