import { fromPromise } from 'xstate';
import type { Addition, Product, shopMachine, ShopData, Variant, Zone } from '../../machines/shop.machine';
import { toCents } from '../domain';
import { unwrap, type ApiClient, type Schemas } from './client';
import { initialPaths, type InitialData } from './initialData';
import type { ActorsOf } from './machineActors';

/** A dough as the machines hold it: its surcharge in cents, what it contains. */
export const variantFromWire = (v: Schemas['Variant']): Variant => ({
  id: v.id,
  name: v.name,
  priceModifierCents: toCents(v.price_modifier),
  allergens: v.allergens,
  may_contain: v.may_contain,
});

/** An addition as the machines hold it: its price in cents, what it contains. */
export const additionFromWire = (a: Schemas['Addition']): Addition => ({
  id: a.id,
  name: a.name,
  priceCents: toCents(a.price),
  allergens: a.allergens,
  may_contain: a.may_contain,
});

function toProduct({ price, variants, additions, base_dough, ...product }: Schemas['Product'], offerSoldOut: boolean): Product {
  return {
    ...product,
    priceCents: toCents(price),
    base_dough: base_dough && variantFromWire(base_dough),
    variants: variants.map(variantFromWire),
    additions: additions.filter((a) => offerSoldOut || !a.sold_out).map(additionFromWire),
  };
}

/**
 * A product as the customer's machines hold it: euros from the wire become cents here, once.
 * Additions sold out today are not offered (the server refuses them too).
 */
export const productFromWire = (wire: Schemas['Product']): Product => toProduct(wire, false);

/** A product as the cassa holds it: staff may still sell what is sold out today. */
export const staffProductFromWire = (wire: Schemas['Product']): Product => toProduct(wire, true);

/** A zone as the machines hold it: its fee and minimum in cents. */
export const zoneFromWire = (wire: Schemas['Zone']): Zone => ({
  id: wire.id,
  name: wire.name,
  feeCents: toCents(wire.fee),
  minOrderCents: toCents(wire.min_order),
});

/** The webapp answer as the machines hold it. */
export function shopDataFromWire(webapp: Schemas['WebappResponse']): ShopData {
  return {
    categories: webapp.categories,
    products: webapp.products.map(productFromWire),
    zones: webapp.zones.map(zoneFromWire),
    closed: webapp.closed,
    closedMessage: webapp.client_message,
    catalogueVersion: webapp.catalogue_version,
    settings: webapp.settings,
    pickupDiscount: webapp.pickup_discount && {
      code: webapp.pickup_discount.code,
      percent: webapp.pickup_discount.percent,
      minOrderCents: toCents(webapp.pickup_discount.min_order),
    },
  };
}

/** GET /api/v1/ecommerce/webapp. */
export function createShopActors(api: ApiClient) {
  return {
    loadShop: fromPromise<ShopData>(async () => shopDataFromWire(unwrap(await api.GET('/api/v1/ecommerce/webapp')))),
  } satisfies ActorsOf<typeof shopMachine>;
}

export function primedShop(initial: InitialData): ShopData | null {
  const webapp = initial.get<Schemas['WebappResponse']>(initialPaths.webapp);
  return webapp ? shopDataFromWire(webapp) : null;
}
