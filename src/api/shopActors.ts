import { fromPromise } from 'xstate';
import type { Product, shopMachine, ShopData, Zone } from '../../machines/shop.machine';
import { toCents } from '../domain';
import { unwrap, type ApiClient, type Schemas } from './client';
import { initialPaths, type InitialData } from './initialData';
import type { ActorsOf } from './machineActors';

function toProduct({ price, variants, additions, ...product }: Schemas['Product'], offerSoldOut: boolean): Product {
  return {
    ...product,
    priceCents: toCents(price),
    variants: variants.map((v) => ({ id: v.id, name: v.name, priceModifierCents: toCents(v.price_modifier) })),
    additions: additions.filter((a) => offerSoldOut || !a.sold_out).map((a) => ({ id: a.id, name: a.name, priceCents: toCents(a.price) })),
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
