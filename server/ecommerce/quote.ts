import type { Cents, DeliveryType } from '../../src/domain';
import type { CatalogService, CatalogSnapshot } from './catalog';
import { normalizeCode, type DiscountResult, type DiscountService } from './discounts';
import { priceCart, type Audience, type CartLineInput, type PricedCart, type StoredLinePrices } from './pricing';

/** What an order costs: the priced cart, the code's evaluation and the total after it. */
export interface OrderQuote {
  snapshot: CatalogSnapshot;
  cart: PricedCart;
  /** the code's evaluation when one was typed (valid or not), else null */
  discount: DiscountResult | null;
  /** the discount that takes money off: `discount` when it is valid, else null */
  applied: DiscountResult | null;
  totalCents: Cents;
}

/**
 * The one place an order's total is computed: price the cart from the catalogue, evaluate the code,
 * apply it. Checkout, the cassa and the cart preview all ask here.
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
    audience: Audience;
    /** the lines of the order being reopened: unchanged ones keep their prices */
    stored?: readonly StoredLinePrices[];
  }): Promise<OrderQuote> {
    const snapshot = await this.catalog.snapshot();
    const cart = priceCart(snapshot, input.cart, input.audience, input.stored);
    const code = normalizeCode(input.code);
    const discount = code ? await this.discounts.evaluate(code, cart.totalCents, input.delivery) : null;
    const applied = discount?.isValid ? discount : null;
    return { snapshot, cart, discount, applied, totalCents: applied?.finalCents ?? cart.totalCents };
  }
}

/** What an order stores of its quote: the lines as priced, the code that applied, the totals. */
export function pricedOrder(quote: OrderQuote) {
  return {
    discountCode: quote.applied?.code ?? null,
    originalCents: quote.cart.totalCents,
    totalCents: quote.totalCents,
    lines: quote.cart.lines,
  };
}
