import { toEuros, type AllergenFacts } from '../../src/domain';
import type { components } from '../../openapi/schema';
import type { AdditionView, CategoryView, ProductView, VariantView, ZoneView } from '../ecommerce/catalog';
import type { DiscountResult } from '../ecommerce/discounts';
import type { PricedLine } from '../ecommerce/pricing';
import type { OrderQuote } from '../ecommerce/quote';

/** Domain values → the contract's wire shapes (euros with 2 decimals, booleans, snake_case). */
export type Schemas = components['schemas'];

export const categoryDto = (c: CategoryView): Schemas['Category'] => ({
  id: c.id,
  name: c.name,
  sorting: c.sorting,
  visibility: c.visible,
  additions_enabled: c.additionsEnabled,
});

export const zoneDto = (z: ZoneView): Schemas['Zone'] => ({
  id: z.id,
  name: z.name,
  fee: toEuros(z.feeCents),
  min_order: toEuros(z.minOrderCents),
});

/** Copies, so a wire answer never shares the catalogue snapshot's arrays. */
export const allergenDto = (facts: AllergenFacts) => ({ allergens: [...facts.allergens], may_contain: [...facts.may_contain] });

export const variantDto = (v: VariantView): Schemas['Variant'] => ({
  id: v.id,
  name: v.name,
  price_modifier: toEuros(v.priceModifierCents),
  ...allergenDto(v),
});

export const additionDto = (a: AdditionView): Schemas['Addition'] => ({
  id: a.id,
  name: a.name,
  price: toEuros(a.priceCents),
  sold_out: a.soldOut,
  ...allergenDto(a),
});

export const productDto = (p: ProductView): Schemas['Product'] => ({
  id: p.id,
  category_id: p.categoryId,
  name: p.name,
  description: p.description,
  image_url: p.imageUrl,
  price: toEuros(p.priceCents),
  visibility: p.visible,
  is_upsell: p.isUpsell,
  allow_variants: p.allowVariants,
  note: p.note,
  variants: p.variants.map(variantDto),
  additions: p.additions.map(additionDto),
  sold_out: p.soldOut,
  ...allergenDto(p),
  diet: [...p.diet],
  frozen: p.frozen,
  base_dough: p.baseDough && variantDto(p.baseDough),
  category: { id: p.category.id, name: p.category.name, additions_enabled: p.category.additionsEnabled },
});

export const cartLineDto = (line: PricedLine): Schemas['CartLine'] => ({
  id: line.product.id,
  category_id: line.product.categoryId,
  name: line.product.name,
  price: toEuros(line.baseCents),
  qty: line.qty,
  variants: line.variant ? [variantDto(line.variant)] : [],
  additions: line.additions.map(additionDto),
  note: line.note,
  total_price: toEuros(line.totalCents),
  ...allergenDto(line.allergens),
  product: {
    image_url: line.product.imageUrl,
    description: line.product.description,
    note: line.product.note,
    variants: line.product.variants.map(variantDto),
    allow_variants: line.product.allowVariants,
  },
});

export const discountDto = (d: DiscountResult): Schemas['Discount'] => ({
  code: d.code,
  value: toEuros(d.discountCents),
  isValid: d.isValid,
  client_message: d.clientMessage,
  detail: d.detail,
  validation_error: d.validationError,
  errorMessage: d.errorMessage,
  final_price: toEuros(d.finalCents),
  total_price: toEuros(d.subtotalCents),
});

/** The cart as priced: `total_price` is the goods, `final_price` what is paid (goods after the discount, plus the delivery fee). */
export function pricedCartDto(
  { cart, discount, deliveryFeeCents, belowMinimum, totalCents }: OrderQuote,
  catalogueVersion: number,
): Schemas['CartResponse'] {
  return {
    catalogue_version: catalogueVersion,
    cart: cart.lines.map(cartLineDto),
    backend: {
      total_quantity: cart.totalQuantity,
      total_price: toEuros(cart.totalCents),
      delivery_fee: toEuros(deliveryFeeCents),
      below_minimum: belowMinimum,
      final_price: toEuros(totalCents),
    },
    discount: discount ? discountDto(discount) : null,
  };
}
