import { fromPromise } from 'xstate';
import type { CartLine, cartMachine, Discount, PricedCart, PriceRequest } from '../../machines/cart.machine';
import { toCents } from '../domain';
import { unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';

/** What the server reads of a line: product, quantity, dough and additions by id (it prices them itself). */
export function lineToWire(line: CartLine): Schemas['CartLineInput'] {
  return {
    id: line.productId,
    qty: line.qty,
    variants: line.variant ? [{ id: line.variant.id }] : [],
    additions: line.additions.map((a) => ({ id: a.id })),
  };
}

export function lineFromWire(line: Schemas['CartLine']): CartLine {
  const variant = line.variants[0];
  return {
    productId: line.id,
    categoryId: line.category_id,
    name: line.name,
    imageUrl: line.product.image_url,
    priceCents: toCents(line.price),
    variant: variant ? { id: variant.id, name: variant.name, priceModifierCents: toCents(variant.price_modifier) } : null,
    additions: line.additions.map((a) => ({ id: a.id, name: a.name, priceCents: toCents(a.price) })),
    qty: line.qty,
    totalCents: toCents(line.total_price),
  };
}

function discountFromWire(discount: Schemas['Discount']): Discount {
  return {
    code: discount.code,
    valueCents: toCents(discount.value),
    isValid: discount.isValid,
    clientMessage: discount.client_message,
    detail: discount.detail,
    validationError: discount.validation_error,
    errorMessage: discount.errorMessage,
    totalCents: toCents(discount.total_price),
    finalCents: toCents(discount.final_price),
  };
}

/** The priced cart as the machine holds it: euros from the wire become cents here, once. */
export function pricedCartFromWire(answer: Schemas['CartResponse']): PricedCart {
  return {
    lines: answer.cart.map(lineFromWire),
    backend: {
      totalQuantity: answer.backend.total_quantity,
      totalCents: toCents(answer.backend.total_price),
      finalCents: toCents(answer.backend.final_price),
    },
    discount: answer.discount ? discountFromWire(answer.discount) : null,
  };
}

/**
 * POST /api/v1/ecommerce/cart. Not aborted when a newer cart supersedes it (an abort would read as a
 * network failure): the machine has stopped listening, so its answer is simply dropped.
 * Any refusal (a product no longer for sale…) is the global error with the server's message.
 */
export function createCartActors(api: ApiClient) {
  return {
    priceCart: fromPromise<PricedCart, PriceRequest>(async ({ input }) =>
      pricedCartFromWire(
        unwrap(
          await api.POST('/api/v1/ecommerce/cart', {
            body: { cart: input.lines.map(lineToWire), discount: input.code ? { code: input.code } : null },
          }),
        ),
      ),
    ),
  } satisfies ActorsOf<typeof cartMachine>;
}
