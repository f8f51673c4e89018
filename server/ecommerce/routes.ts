import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../http/auth';
import { compressedForms, preferredCoding, type ContentCoding } from '../http/compression';
import { noneMatchHits, weakEtag } from '../http/etag';
import { defineRoute } from '../http/contract';
import { categoryDto, pricedCartDto, discountDto, productDto, zoneDto } from '../http/wire';
import { PICKUP_DISCOUNT_CODE, servedZones, toEuros, type DiscountRule } from '../../src/domain';
import type { Services } from '../services';
import { type CatalogSnapshot } from './catalog';
import { ORDER_CONFIRMED } from './checkout';
import { UNKNOWN_DISCOUNT_MESSAGE } from './discounts';
import { AppError } from '../errors';
import { orderHeadDto } from '../orders/order-dto';
import { publicSettings } from './public-settings';

const forSale = (snapshot: CatalogSnapshot) => snapshot.products.filter((p) => p.forSale);

/** Menu, prices, slots and checkout: what a customer's browser calls. */
export const ecommerceRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { catalog, schedule, quotes, checkout, discounts, cassa } = services;

  // The menu is the same for everyone until the catalogue changes: serialise it once per snapshot and
  // shop status, compress it once per content, then every visit is a buffer copy. Its ETag hashes the
  // body itself, so what changes it without a version bump (the hour opening the shop, the day's
  // sold-out marks, the pickup code's dates) changes the ETag too: a browser never gets 304 for a menu
  // it does not hold. A snapshot reloaded with the same content keeps the compressed forms.
  let webappCache:
    | {
        snapshot: CatalogSnapshot;
        closed: boolean;
        message: string | null;
        pickup: DiscountRule | null;
        body: Buffer;
        compressed: Record<ContentCoding, Buffer>;
        etag: string;
      }
    | undefined;
  defineRoute(app, 'getWebapp', { access: 'public' }, async (request, reply) => {
    const snapshot = await catalog.snapshot();
    const status = await schedule.shopStatus();
    // The pickup code's validity window follows the calendar, not the catalogue.
    const pickup = await discounts.findRule(PICKUP_DISCOUNT_CODE);
    let cached = webappCache;
    if (
      !cached ||
      cached.snapshot !== snapshot ||
      cached.closed !== status.closed ||
      cached.message !== status.clientMessage ||
      cached.pickup?.code !== pickup?.code
    ) {
      const body = Buffer.from(
        reply.serialize({
          categories: snapshot.categories.filter((c) => c.visible).map(categoryDto),
          products: forSale(snapshot).map(productDto),
          // Zones a customer can pick: sorted by name, without the cassa's 'Zona non riconosciuta'.
          zones: servedZones(snapshot.zones).map(zoneDto),
          closed: status.closed,
          client_message: status.clientMessage,
          settings: publicSettings(snapshot.settings),
          catalogue_version: snapshot.catalogueVersion,
          pickup_discount:
            pickup?.kind === 'percent' ? { code: pickup.code, percent: pickup.amount, min_order: toEuros(pickup.minOrderCents) } : null,
        }) as Uint8Array, // the contract's serialisers answer bytes (server/http/lazy-serializers.ts)
      );
      const etag = weakEtag(snapshot.catalogueVersion, body);
      const compressed = cached?.etag === etag ? cached.compressed : compressedForms(body);
      cached = { snapshot, closed: status.closed, message: status.clientMessage, pickup, body, compressed, etag };
      webappCache = cached;
    }
    // Browsers keep it and ask again every time (no-cache), with If-None-Match: 304 when unchanged.
    reply.header('etag', cached.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (noneMatchHits(request.headers['if-none-match'], cached.etag)) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (coding) return reply.header('content-encoding', coding).send(cached.compressed[coding]);
    return reply.send(cached.body);
  });

  defineRoute(app, 'getTimeslots', { access: 'public' }, async () => {
    const { date, timeslots } = await schedule.timeslots();
    return { date, timeslots: timeslots.map(({ hour, minute, available }) => ({ hour, minute, available })) };
  });

  defineRoute(app, 'getShopStatus', { access: 'public' }, async () => {
    const status = await schedule.shopStatus();
    return { closed: status.closed, client_message: status.clientMessage };
  });

  defineRoute(app, 'getSuggestedProducts', { access: 'public' }, async () => {
    const upsell = forSale(await catalog.snapshot()).filter((p) => p.isUpsell && !p.soldOut);
    // Fisher–Yates on a copy: three random suggestions, all of them when there are three or fewer.
    const shuffled = [...upsell];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    return { products: shuffled.slice(0, 3).map(productDto) };
  });

  defineRoute(app, 'getSettings', { access: 'public' }, async () => ({
    settings: publicSettings((await catalog.snapshot()).settings),
  }));

  defineRoute(app, 'listCategories', { access: 'public' }, async () => ({
    categories: (await catalog.snapshot()).categories.filter((c) => c.visible).map(categoryDto),
  }));

  defineRoute(app, 'listProducts', { access: 'public' }, async () => ({
    products: forSale(await catalog.snapshot()).map(productDto),
  }));

  defineRoute(app, 'priceCart', { access: 'public' }, async (request) => {
    const { body } = request;
    // The cassa prices here too: staff may sell hidden products and any dough a product has.
    const user = await request.authUser();
    // Read before pricing: the version never claims prices newer than the ones answered.
    const { catalogueVersion } = await catalog.snapshot();
    const isStaff = user?.role === 'admin';
    const quote = await quotes.quote({
      cart: body.cart,
      code: body.discount?.code,
      delivery: body.delivery ?? null,
      zoneId: body.zone_id ?? null,
      audience: isStaff ? 'staff' : 'customer',
      // The cassa's reopened order: its total here is the one the save will store.
      reopened: isStaff && body.order_id !== undefined ? await cassa.reopened(body.order_id) : null,
    });
    return pricedCartDto(quote, catalogueVersion);
  });

  defineRoute(app, 'applyDiscount', { access: 'public' }, async (request) => {
    const { body } = request;
    const { discount } = await quotes.quote({
      cart: body.cart,
      code: body.code,
      delivery: body.delivery ?? null,
      zoneId: null,
      audience: 'customer',
    });
    if (!discount || discount.errorMessage)
      throw new AppError('validation', UNKNOWN_DISCOUNT_MESSAGE, {
        code: 'discount.invalid',
        errors: { code: [UNKNOWN_DISCOUNT_MESSAGE] },
      });
    return { discount: discountDto(discount) };
  });

  defineRoute(app, 'checkout', { access: 'verified' }, async (request, reply) => {
    const user = await requireUser(request);
    const key = request.headers['idempotency-key'];
    const { order, replayed, trackingPath } = await checkout.placeOrder(user, request.body, typeof key === 'string' ? key : null);
    reply.status(replayed ? 200 : 201);
    return {
      message: ORDER_CONFIRMED,
      order: {
        ...orderHeadDto(order),
        original_price: toEuros(order.original_price_cents),
        total_price: toEuros(order.total_price_cents),
        discount_code: order.discount_code,
      },
      tracking_url: trackingPath,
    };
  });
};
