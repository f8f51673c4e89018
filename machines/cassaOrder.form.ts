import { defaultDeliveryTime, toMinutes, type DeliveryType, type ShopNow } from '../src/domain';
import { lineFrom, type CartEvent, type CartLine } from './cart.machine';
import type { CassaCatalog, CassaClient, CassaOrderContext, CassaOrderEvent, CassaOrderForm, LoadOrderOutcome } from './cassaOrder.types';
import type { Product } from './shop.machine';

/** A new order's form: delivery at home, cash, today at the first sensible time from now. */
export function newOrderForm(now: ShopNow): CassaOrderForm {
  const minutes = toMinutes(defaultDeliveryTime(now.time));
  return {
    clientId: 0,
    name: '',
    zoneId: null,
    address: '',
    telephone: '',
    delivery: 'consegna',
    paymentType: 'Contanti',
    hour: Math.floor(minutes / 60),
    minute: minutes % 60,
    date: now.date,
    note: '',
    allergyNote: '',
  };
}

/** The form after the cashier typed or chose something in it. */
export function changedForm(form: CassaOrderForm, event: CassaOrderEvent): CassaOrderForm {
  switch (event.type) {
    case 'client.query':
      return { ...form, name: event.text, clientId: 0 };
    case 'zone.select':
      return { ...form, zoneId: event.zoneId };
    case 'field.change':
      return { ...form, [event.field]: event.value };
    case 'hour.change':
      return { ...form, hour: event.hour };
    case 'minute.change':
      return { ...form, minute: event.minute };
    case 'payment.change':
      return { ...form, paymentType: event.paymentType };
    case 'delivery.change':
      return { ...form, delivery: event.delivery };
    default:
      return form;
  }
}

/** A known client picked: their details fill the form, for a home delivery paid in cash. */
export const formWithClient = (form: CassaOrderForm, client: CassaClient): CassaOrderForm => ({
  ...form,
  clientId: client.id,
  name: client.name,
  address: client.address ?? '',
  zoneId: client.zoneId,
  telephone: client.telephone ?? '',
  delivery: 'consegna',
  paymentType: 'Contanti',
});

export const categoryIds = (catalog: CassaCatalog) => new Set(catalog.categories.map((c) => c.id));
export const productIn = (list: readonly Product[], id: number) => list.find((p) => p.id === id);

/**
 * The picked client's latest order as cart lines at today's prices: what the catalogue no longer
 * has (a product, a dough, an addition) is left out, the rest is the same choice again.
 */
export function repeatedLines(catalog: CassaCatalog, clientId: number): CartLine[] {
  const client = catalog.clients.find((c) => c.id === clientId);
  return (client?.lastOrder ?? []).flatMap((line) => {
    const product = productIn(catalog.products, line.productId);
    if (!product) return [];
    const variant = product.variants.find((v) => v.id === line.variantId) ?? null;
    const additions = product.additions.filter((a) => line.additionIds.includes(a.id));
    return [lineFrom({ product, variant, additions, qty: line.qty })];
  });
}

/** The cart prices for the delivery type (RITIRO-IN-PIZZERIA set for pickup, cleared for home delivery) and the zone's fee. */
export const deliveryFor = (delivery: DeliveryType, zoneId: number | null): CartEvent => ({ type: 'delivery.select', delivery, zoneId });
/** The order a successful load brought. */
export const loaded = (output: LoadOrderOutcome) => (output as Extract<LoadOrderOutcome, { ok: true }>).order;
/** The cart takes an order's lines and code, priced again (an opened order's unchanged lines at its own prices). */
export const cartLoad = (orderId: number | null, order: { form: CassaOrderForm; lines: CartLine[]; code: string | null }): CartEvent => ({
  type: 'cart.load',
  orderId,
  lines: order.lines,
  code: order.code,
  delivery: order.form.delivery,
  zoneId: order.form.zoneId,
});
/** The order the load brought, or the draft typed on it before a reload when the draft is of that very version. */
export const openedOrDraft = (context: CassaOrderContext, output: LoadOrderOutcome) => {
  const order = loaded(output);
  const draft = context.draft;
  return draft && draft.orderId === order.id && draft.version === order.version ? { order, typed: draft } : { order, typed: order };
};
