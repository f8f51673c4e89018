import { minimumOrderRefusal, reopenedDeliveryFeeCents, type Cents, type DeliveryType, type StoredDelivery } from '../../src/domain';
import type { CatalogService, CatalogSnapshot } from './catalog';
import { normalizeCode, type DiscountResult, type DiscountService } from './discounts';
import { priceCart, type Audience, type CartLineInput, type PricedCart, type StoredLinePrices } from './pricing';

/** What a reopened order keeps: its lines' prices and what it was charged for delivery (read from the database, never the request). */
export interface ReopenedOrder {
  lines: readonly StoredLinePrices[];
  delivery: StoredDelivery;
}

/** What an order costs: the priced cart, the code's evaluation, the delivery fee and the total after them. */
export interface OrderQuote {
  snapshot: CatalogSnapshot;
  cart: PricedCart;
  /** the code's evaluation when one was typed (valid or not), else null */
  discount: DiscountResult | null;
  /** the discount that takes money off: `discount` when it is valid, else null */
  applied: DiscountResult | null;
  /** the zone's fee for a home delivery, 0 for pickup (never discounted) */
  deliveryFeeCents: Cents;
  /** why the zone's minimum order is not reached (home delivery only), else null: customers are refused, staff decide */
  belowMinimum: string | null;
  /** goods after the discount, plus the delivery fee */
  totalCents: Cents;
}

/**
 * The one place an order's total is computed: price the cart from the catalogue, evaluate the code
 * on the goods, apply it, add the zone's delivery fee. Checkout, the cassa and the cart preview all ask here.
 */
export class QuoteService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly discounts: DiscountService,
  ) {}

  async quote(input: {
    cart: readonly CartLineInput[];
    code: string | null | undefined;
    delivery: DeliveryType | null;
    /** the zone of a home delivery (its fee and minimum); null for pickup or not chosen yet */
    zoneId: number | null;
    audience: Audience;
    /** the order being reopened: its unchanged lines keep their prices, a delivery to the same zone its fee */
    reopened?: ReopenedOrder | null;
  }): Promise<OrderQuote> {
    const snapshot = await this.catalog.snapshot();
    const cart = priceCart(snapshot, input.cart, input.audience, input.reopened?.lines);
    const code = normalizeCode(input.code);
    const discount = code ? await this.discounts.evaluate(code, cart.totalCents, input.delivery) : null;
    const applied = discount?.isValid ? discount : null;
    const zone = input.zoneId != null ? snapshot.zonesById.get(input.zoneId) : undefined;
    const deliveryFee = reopenedDeliveryFeeCents(input.delivery, zone, input.reopened?.delivery ?? null);
    return {
      snapshot,
      cart,
      discount,
      applied,
      deliveryFeeCents: deliveryFee,
      belowMinimum: minimumOrderRefusal(cart.totalCents, input.delivery, zone),
      totalCents: (applied?.finalCents ?? cart.totalCents) + deliveryFee,
    };
  }
}

/**
 * What an order stores of its quote: the lines as priced, the code that applied, the fee and the
 * totals. `originalCents` is the price before the discount (goods plus fee), so the discount is
 * always original − total wherever an order is shown.
 */
export function pricedOrder(quote: OrderQuote) {
  return {
    discountCode: quote.applied?.code ?? null,
    originalCents: quote.cart.totalCents + quote.deliveryFeeCents,
    deliveryFeeCents: quote.deliveryFeeCents,
    totalCents: quote.totalCents,
    lines: quote.cart.lines,
  };
}
