import { fromPromise } from 'xstate';
import type { CartLine, cartMachine, Discount, PriceAnswer, PricedCart, PriceRequest } from '../../machines/cart.machine';
import { toCents } from '../domain';
import { answer, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { refusalFrom } from './refusal';
import { additionFromWire, variantFromWire } from './shopActors';

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
    variant: variant ? variantFromWire(variant) : null,
    additions: line.additions.map(additionFromWire),
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
      deliveryFeeCents: toCents(answer.backend.delivery_fee),
      belowMinimum: answer.backend.below_minimum,
      finalCents: toCents(answer.backend.final_price),
    },
    discount: answer.discount ? discountFromWire(answer.discount) : null,
    catalogueVersion: answer.catalogue_version,
  };
}

/** The statuses POST /cart refuses with (a product no longer for sale…): the machine tells the customer. */
const PRICE_REFUSALS = [400, 413, 415, 419, 422] as const;

/**
 * POST /api/v1/ecommerce/cart, with the delivery type (and a home delivery's zone) once chosen. Not aborted when a newer cart
 * supersedes it (an abort would read as a network failure): the machine has stopped listening, so
 * its answer is simply dropped. A refusal is data (the machine raises it); a 5xx or a network
 * failure is an error, which the API client has already shown.
 */
export function createCartActors(api: ApiClient) {
  return {
    priceCart: fromPromise<PriceAnswer, PriceRequest>(async ({ input }) => {
      const result = await api.POST('/api/v1/ecommerce/cart', {
        body: {
          cart: input.lines.map(lineToWire),
          discount: input.code ? { code: input.code } : null,
          ...(input.delivery && { delivery: input.delivery }),
          ...(input.zoneId !== null && { zone_id: input.zoneId }),
          ...(input.orderId !== null && { order_id: input.orderId }),
        },
      });
      // The message is all the cart shows of a refusal; nothing branches on it.
      const priced = answer(result, PRICE_REFUSALS, (_status, body) => ({ ok: false as const, message: refusalFrom(body).message }));
      return 'ok' in priced ? priced : { ok: true, priced: pricedCartFromWire(priced) };
    }),
  } satisfies ActorsOf<typeof cartMachine>;
}
