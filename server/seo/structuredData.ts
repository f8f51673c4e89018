/**
 * The shop and its posts described to search engines in schema.org's words (JSON-LD), from the same
 * catalogue snapshot and post the pages show. Pure: no I/O, no clock.
 */
import {
  addressParts,
  formatDecimalComma,
  fromMinutes,
  menuSections,
  parseWeeklyHours,
  postPath,
  shopNameOf,
  SLOT_MINUTES,
  toMinutes,
  windowsOf,
  type DietMark,
  type PostFacts,
} from '../../src/domain';
import type { CatalogSnapshot, ProductView, SpecialDayView } from '../ecommerce/catalog';

export type JsonLd = { '@type': string } & Record<string, unknown>;

const SCHEMA = 'https://schema.org/';
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The diet marks schema.org has a RestrictedDiet for (it has none for "spicy"). */
const DIETS: Partial<Record<DietMark, string>> = { vegetarian: `${SCHEMA}VegetarianDiet`, vegan: `${SCHEMA}VeganDiet` };

/** The shop's picture for previews and search results when a page has none of its own. */
export const SHOP_IMAGE = '/icons/icon-512.png';

/** A path made absolute on the site's public address; an address stays as it is. */
export const absolute = (appUrl: string, pathOrUrl: string) => new URL(pathOrUrl, `${appUrl}/`).href;

/** A service window closes when its last slot's quarter ends (23:45's at 00:00: schema.org has no 24:00). */
const closesAfter = (lastSlot: string) => fromMinutes((toMinutes(lastSlot) + SLOT_MINUTES) % (24 * 60));

function openingHours(weeklyHours: string | undefined): JsonLd[] {
  return parseWeeklyHours(weeklyHours).flatMap((day, weekday) =>
    windowsOf(day).map((window) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `${SCHEMA}${DAYS[weekday]}`,
      opens: window.first,
      closes: closesAfter(window.last),
    })),
  );
}

/** A special day: its own hours, or closed, which schema.org says with opens and closes both 00:00. */
function specialHours(day: SpecialDayView): JsonLd {
  const open = !day.closed && day.firstSlot && day.lastSlot;
  return {
    '@type': 'OpeningHoursSpecification',
    validFrom: day.dateFrom,
    validThrough: day.dateUntil,
    opens: open ? day.firstSlot : '00:00',
    closes: open ? closesAfter(day.lastSlot!) : '00:00',
  };
}

function menuItem(product: ProductView, appUrl: string): JsonLd {
  const diets = product.diet.flatMap((mark) => DIETS[mark] ?? []);
  return {
    '@type': 'MenuItem',
    name: product.name,
    ...(product.description && { description: product.description }),
    ...(product.imageUrl && { image: absolute(appUrl, product.imageUrl) }),
    offers: {
      '@type': 'Offer',
      price: (product.priceCents / 100).toFixed(2),
      priceCurrency: 'EUR',
      availability: `${SCHEMA}${product.soldOut ? 'OutOfStock' : 'InStock'}`,
    },
    ...(diets.length > 0 && { suitableForDiet: diets.length === 1 ? diets[0] : diets }),
  };
}

/** "4,00–16,00 €": the cheapest and dearest product for sale. */
function priceRange(products: ProductView[]): string | undefined {
  if (products.length === 0) return undefined;
  const prices = products.map((p) => p.priceCents);
  return `${formatDecimalComma(Math.min(...prices))}–${formatDecimalComma(Math.max(...prices))} €`;
}

/** The shop as a schema.org Restaurant, with its hours, special days and the menu customers see. */
export function restaurant(snapshot: CatalogSnapshot, appUrl: string): JsonLd {
  const { settings } = snapshot;
  const forSale = snapshot.products.filter((p) => p.forSale);
  const address = addressParts(settings.shop_address ?? '');
  const telephone = [settings.shop_phone_1, settings.shop_phone_2].map((phone) => phone?.trim()).filter(Boolean);
  // The sections the menu page shows, by the same rule.
  const sections = menuSections(
    snapshot.categories.map((category) => ({ ...category, visibility: category.visible })),
    snapshot.products.map((product) => ({ ...product, category_id: product.categoryId, visibility: product.forSale })),
  );
  const range = priceRange(forSale);
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${appUrl}/#restaurant`,
    name: shopNameOf(settings.shop_name),
    url: `${appUrl}/`,
    image: absolute(appUrl, SHOP_IMAGE),
    ...(address.street && {
      address: {
        '@type': 'PostalAddress',
        streetAddress: address.street,
        ...(address.postalCode && { postalCode: address.postalCode }),
        ...(address.town && { addressLocality: address.town }),
        addressCountry: 'IT',
      },
    }),
    ...(telephone.length > 0 && { telephone: telephone[0] }),
    servesCuisine: 'Pizza',
    ...(range && { priceRange: range }),
    acceptsReservations: false,
    openingHoursSpecification: openingHours(settings.weekly_hours),
    ...(snapshot.specialDays.length > 0 && { specialOpeningHoursSpecification: snapshot.specialDays.map(specialHours) }),
    hasMenu: {
      '@type': 'Menu',
      name: 'Menu',
      url: absolute(appUrl, '/ecommerce'),
      inLanguage: 'it',
      hasMenuSection: sections.map(({ category, products }) => ({
        '@type': 'MenuSection',
        name: category.name,
        hasMenuItem: products.map((product) => menuItem(product, appUrl)),
      })),
    },
  };
}

/** A published post as a schema.org BlogPosting, by the shop. */
export function blogPosting(post: PostFacts, shopName: string, appUrl: string): JsonLd {
  const shop = { '@type': 'Organization', name: shopNameOf(shopName), url: `${appUrl}/` };
  const url = absolute(appUrl, postPath(post));
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.published_at,
    image: absolute(appUrl, post.image_url ?? SHOP_IMAGE),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    inLanguage: 'it',
    author: shop,
    publisher: { ...shop, logo: { '@type': 'ImageObject', url: absolute(appUrl, SHOP_IMAGE) } },
  };
}
