import {
  DOUGH_OFFER,
  isFollowable,
  orderProgress,
  ovenGroupOf,
  toEuros,
  type AllergenFacts,
  type CategoryGroup,
  type OrderProgress,
  type OrderStatus,
} from '../../src/domain';
import { allergenFactsOf } from '../db/codes';
import type { CatalogSnapshot } from '../ecommerce/catalog';
import type { PricedLine } from '../ecommerce/pricing';
import { allergenDto, variantDto, type Schemas } from '../http/wire';
import type { OrderRow } from '../db/schema';
import type { OrderLineRecord, OrderRecord } from './order-store';

/** What a line's description is made of, as `order_lines` stores it. */
export type DescribedLine = Pick<OrderLineRecord, 'name' | 'variant_name' | 'note'> & { additions: readonly { name: string }[] };

/** A priced line as it is written to `order_lines` (the same names insertLines stores). */
export const storedLineOf = (line: PricedLine): DescribedLine => ({
  name: line.product.name,
  variant_name: line.variant?.name ?? null,
  note: line.note,
  additions: line.additions,
});

/** "Margherita (Integrale) + Bufala, Funghi — ben cotta": one line of a ticket, of the cassa list or of a mail. */
export function lineDescription(line: DescribedLine): string {
  let text = line.name;
  if (line.variant_name) text += ` (${line.variant_name})`;
  if (line.additions.length) text += ` + ${line.additions.map((a) => a.name).join(', ')}`;
  if (line.note) text += ` — ${line.note}`;
  return text;
}

/** Where the order is, by the one rule of src/domain. */
export const progressOf = (order: Pick<OrderRow, 'status' | 'delivered' | 'delivery' | 'dispatched_at'>): OrderProgress =>
  orderProgress({
    status: order.status as OrderStatus,
    delivered: order.delivered === 1 ? 1 : 0,
    delivery: order.delivery,
    dispatchedAt: order.dispatched_at,
  });

/** Quantities per kitchen group, by the group each line kept; lines of unknown products apart. */
function groupQuantities(order: OrderRecord): { quantities: Record<CategoryGroup, number>; unknown: number } {
  const quantities = { pizze: 0, compositions: 0, calzoni: 0 };
  let unknown = 0;
  for (const line of order.lines) {
    const group = ovenGroupOf(line.oven_group);
    if (line.product_id === null || line.category_id === null) unknown += line.qty;
    else if (group) quantities[group] += line.qty;
  }
  return { quantities, unknown };
}

export function cassaOrderDto(order: OrderRecord): Schemas['CassaOrder'] {
  const { quantities, unknown } = groupQuantities(order);
  return {
    id: order.id,
    name: order.name,
    order_num: order.order_num,
    version: order.version,
    progress: progressOf(order),
    delay_minutes: order.delay_minutes,
    total_price: toEuros(order.total_price_cents),
    original_price: toEuros(order.original_price_cents),
    delivery_fee: toEuros(order.delivery_fee_cents),
    payment_type: order.payment_type,
    delivery: order.delivery,
    zone: order.zone_name,
    zone_id: order.zone_id,
    source_id: order.source_id as 1 | 2 | 3,
    status: order.status as 0 | 1 | 2 | 3,
    delivered: order.delivered as 0 | 1,
    delivery_time: order.delivery_time,
    delivery_date: order.delivery_date,
    client_id: order.client_id,
    user_id: order.user_id,
    user: order.user_id !== null && order.user_name !== null ? { id: order.user_id, name: order.user_name } : null,
    address: order.address,
    telephone: order.telephone,
    note: order.note,
    allergy_note: order.allergy_note,
    discount_code: order.discount_code,
    products: order.lines.map((line) => ({ product_id: line.product_id, qty: line.qty, description: lineDescription(line) })),
    groupQuantities: quantities,
    count_product_unknown: unknown,
  };
}

const NO_FACTS: AllergenFacts = { allergens: [], may_contain: [] };
/** A stored line's dough or addition as the menu describes it today (nothing when it is gone). */
const factsDto = (facts: AllergenFacts | undefined) => allergenDto(facts ?? NO_FACTS);

/** A stored line's dough, at the price it was sold for. */
const storedVariantDto = (line: OrderLineRecord, variantId: number, catalog: CatalogSnapshot): Schemas['Variant'] => ({
  id: variantId,
  name: line.variant_name ?? '',
  price_modifier: toEuros(line.variant_price_cents),
  ...factsDto(catalog.variantsById.get(variantId)),
});

/** The stored lines as cart lines, at the prices and with the allergens they were sold with, ready to edit in the cassa. */
export function storedCartLines(order: OrderRecord, catalog: CatalogSnapshot): Schemas['CartLine'][] {
  return order.lines.map((line) => {
    const product = line.product_id !== null ? catalog.productsById.get(line.product_id) : undefined;
    return {
      id: line.product_id ?? 0,
      category_id: line.category_id ?? 0,
      name: line.name,
      price: toEuros(line.base_price_cents),
      qty: line.qty,
      variants: line.variant_id !== null ? [storedVariantDto(line, line.variant_id, catalog)] : [],
      additions: line.additions.map((a) => ({
        id: a.product_id ?? 0,
        name: a.name,
        price: toEuros(a.price_cents),
        ...factsDto(a.product_id !== null ? catalog.productsById.get(a.product_id) : undefined),
      })),
      note: line.note,
      total_price: toEuros(line.line_total_cents),
      ...allergenFactsOf(line),
      product: {
        image_url: product?.imageUrl ?? null,
        description: product?.description ?? '',
        note: product?.note ?? null,
        variants: product?.variants.map(variantDto) ?? [],
        allow_variants: product?.allowVariants ?? DOUGH_OFFER.plainOnly,
      },
    };
  });
}

export function cassaOrderDetailDto(order: OrderRecord, catalog: CatalogSnapshot): Schemas['CassaOrderDetail'] {
  return { ...cassaOrderDto(order), nomeCitofono: order.nome_citofono, cart: storedCartLines(order, catalog) };
}

/** Which order, and when and how it comes: the head of the checkout's answer and of the confirmation page. */
export const orderHeadDto = (order: Pick<OrderRow, 'id' | 'order_num' | 'delivery_date' | 'delivery_time' | 'delivery'>) => ({
  id: order.id,
  order_num: order.order_num,
  delivery_date: order.delivery_date,
  delivery_time: order.delivery_time,
  delivery: order.delivery,
});

/** An order of the customer's history; `today` (the shop's date) decides whether it can be followed. */
export function accountOrderDto(order: OrderRecord, catalog: CatalogSnapshot, today: string): Schemas['AccountOrder'] {
  const progress = progressOf(order);
  return {
    id: order.id,
    order_num: order.order_num,
    delivery_at: `${order.delivery_date}T${order.delivery_time}`,
    delivery: order.delivery,
    progress,
    followable: isFollowable({ progress, deliveryDate: order.delivery_date }, today),
    original_price: toEuros(order.original_price_cents),
    total_price: toEuros(order.total_price_cents),
    discount_code: order.discount_code,
    products: order.lines.map((line) => ({
      product: { id: line.product_id, name: line.name },
      qty: line.qty,
      price: toEuros(line.unit_price_cents),
      final_price: toEuros(line.line_total_cents),
      variant_id: line.variant_id,
      variant: line.variant_id !== null ? storedVariantDto(line, line.variant_id, catalog) : null,
      additions: line.additions.map((a) => ({ product: { name: a.name }, price: toEuros(a.price_cents) })),
      note: line.note,
    })),
  };
}
