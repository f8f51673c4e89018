import type { components } from '../../openapi/schema';
import { lineAllergens } from '../../src/domain';
import { products } from './fixtures';

type Schemas = components['schemas'];

export const PICKUP_CODE = 'RITIRO-IN-PIZZERIA';
export const UNKNOWN_CODE = 'SCONTO-FALSO';
const euros = (cents: number) => Math.round(cents) / 100;
const cents = (value: number) => Math.round(value * 100);

/**
 * How the server prices a cart (server/ecommerce/pricing.ts), over the fixtures: the client's prices
 * are ignored; RITIRO-IN-PIZZERIA takes 15 % off from 15 €, any other code is unknown.
 */
export function priceCartAnswer(
  cart: readonly Schemas['CartLineInput'][],
  code: string | null | undefined,
  delivery?: 'consegna' | 'ritiro' | null,
): Schemas['CartResponse'] {
  const lines = cart.map((input) => {
    const product = products.find((p) => p.id === input.id)!;
    const variants = product.variants.filter((v) => input.variants?.some((chosen) => chosen.id === v.id));
    const additions = product.additions.filter((a) => input.additions?.some((chosen) => chosen.id === a.id));
    const unit =
      cents(product.price) + variants.reduce((s, v) => s + cents(v.price_modifier), 0) + additions.reduce((s, a) => s + cents(a.price), 0);
    return {
      id: product.id,
      category_id: product.category_id,
      name: product.name,
      price: product.price,
      qty: input.qty,
      variants,
      additions,
      note: null,
      total_price: euros(unit * input.qty),
      ...lineAllergens(product, variants[0] ?? null, additions),
      product: {
        image_url: product.image_url,
        description: product.description,
        note: product.note,
        variants: product.variants,
        allow_variants: product.allow_variants,
      },
    } satisfies Schemas['CartLine'];
  });
  const total = lines.reduce((s, l) => s + cents(l.total_price), 0);
  const quantity = lines.reduce((s, l) => s + l.qty, 0);
  let discount: Schemas['Discount'] | null = null;
  let final = total;
  if (code) {
    const known = code === PICKUP_CODE;
    // RITIRO-IN-PIZZERIA is for pickup only (an unknown delivery type is checked at checkout).
    const isForDelivery = delivery === 'consegna';
    const applies = known && total >= 1500 && !isForDelivery;
    const value = applies ? Math.round(total * 0.15) : 0;
    final = total - value;
    discount = {
      code,
      value: euros(value),
      isValid: applies,
      client_message: applies ? 'Sconto del 15% per il ritiro in pizzeria' : null,
      detail: [],
      validation_error:
        known && !applies
          ? isForDelivery
            ? 'Il codice RITIRO-IN-PIZZERIA è valido solo per il ritiro in pizzeria.'
            : 'Ordine minimo di 15,00 € per questo codice.'
          : null,
      errorMessage: known ? null : 'Codice sconto non valido o non attivo.',
      final_price: euros(final),
      total_price: euros(total),
    };
  }
  return {
    catalogue_version: 1,
    cart: lines,
    backend: { total_quantity: quantity, total_price: euros(total), delivery_fee: 0, below_minimum: null, final_price: euros(final) },
    discount,
  };
}
