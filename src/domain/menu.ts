/**
 * Variants (doughs) can be chosen only when the product has some, its allow_variants is below 2 (2
 * means plain only) and the shop's setting ecommerce_variants is 'yes' (SPEC §5).
 */
export function offersDoughChoice(
  product: { variants: readonly unknown[]; allow_variants: number },
  ecommerceVariants: string | undefined,
) {
  return product.variants.length > 0 && product.allow_variants < 2 && ecommerceVariants === 'yes';
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
