/** Issue 31's pure modules: each page's meta (src/domain/pageMeta.ts), the JSON-LD (server/seo/structuredData.ts) and its checker. */
import { describe, expect, it } from 'vitest';
import { addressParts, pageMeta, routeOf, type PostFacts } from '../../src/domain';
import type { CatalogSnapshot, ProductView } from '../../server/ecommerce/catalog';
import { headTags } from '../../server/seo/documentHead';
import { blogPosting, restaurant } from '../../server/seo/structuredData';
import { schemaProblems } from './schemaOrg';

const SHOP = { name: 'Pizzeria Da Remo', address: 'Piazza Bologna 3, 00162 Roma' };
const SITE = 'https://remo.example';
const POST: PostFacts = {
  id: 7,
  slug: 'pizza-e-fichi',
  title: 'Pizza e fichi',
  description: 'Il ritorno della bianca con i fichi.',
  image_url: '/images/blog/fichi.svg',
  published_at: '2026-09-01T10:00:00.000Z',
};

describe('routes and page meta', () => {
  it('tells public pages, posts and private pages apart', () => {
    expect(routeOf('/')).toEqual({ page: 'home' });
    expect(routeOf('/ecommerce/')).toEqual({ page: 'menu' });
    expect(routeOf('/ecommerce/allergeni')).toEqual({ page: 'allergens' });
    expect(routeOf('/blog/7/pizza-e-fichi')).toEqual({ page: 'post', id: 7 });
    // A post's address with an id no post has is a post not found (404), not a private page.
    expect(routeOf('/blog/0/x')).toEqual({ page: 'post', id: 0 });
    expect(routeOf('/blog/abc/x')).toEqual({ page: 'post', id: 0 });
    for (const path of ['/blog/7', '/ecommerce/cart', '/auth/login', '/ordine/abc', '/cassa', '/admin/menu', '/qualcosa']) {
      expect(routeOf(path), path).toEqual({ page: 'private' });
    }
  });

  it('reads an Italian address into street, postal code and town', () => {
    expect(addressParts('Via di Donna Olimpia 48, 00152 Roma')).toEqual({
      street: 'Via di Donna Olimpia 48',
      postalCode: '00152',
      town: 'Roma',
    });
    expect(addressParts('Corso Italia 1, Scala B, 20122 Milano (MI)')).toEqual({
      street: 'Corso Italia 1, Scala B',
      postalCode: '20122',
      town: 'Milano',
    });
    expect(addressParts('Via Roma 1')).toEqual({ street: 'Via Roma 1', postalCode: null, town: null });
  });

  it("names each page after the shop's own name and town", () => {
    expect(pageMeta({ page: 'menu' }, SHOP).title).toBe('Menu — Pizzeria Da Remo, pizza a domicilio a Roma');
    expect(pageMeta({ page: 'menu' }, { name: 'Da Remo', address: '' }).title).toBe('Menu — Da Remo, pizza a domicilio');
    expect(pageMeta({ page: 'blog' }, SHOP, { search: new URLSearchParams('page=3') }).path).toBe('/blog?page=3');
    expect(pageMeta({ page: 'blog' }, SHOP, { search: new URLSearchParams('page=<b>') }).path).toBe('/blog');
    expect(pageMeta({ page: 'post', id: 7 }, SHOP, { post: POST })).toEqual({
      title: 'Pizza e fichi — Pizzeria Da Remo',
      description: POST.description,
      path: '/blog/7/pizza-e-fichi',
      type: 'article',
      image: POST.image_url,
      indexable: true,
    });
    expect(pageMeta({ page: 'post', id: 7 }, SHOP)).toMatchObject({ title: 'Articolo non trovato — Pizzeria Da Remo', indexable: false });
    expect(pageMeta({ page: 'private' }, SHOP).indexable).toBe(false);
  });

  it('writes the head escaped, with noindex instead of a canonical link on a private page', () => {
    const tags = headTags({ ...pageMeta({ page: 'post', id: 7 }, SHOP, { post: POST }), title: 'A "b" <c>' }, SHOP.name, SITE);
    expect(tags).toContain('<title>A &quot;b&quot; &lt;c&gt;</title>');
    expect(tags).toContain('<link rel="canonical" href="https://remo.example/blog/7/pizza-e-fichi">');
    expect(tags).toContain('<meta property="og:image" content="https://remo.example/images/blog/fichi.svg">');
    const closed = headTags(pageMeta({ page: 'private' }, SHOP), SHOP.name, SITE);
    expect(closed).toContain('<meta name="robots" content="noindex">');
    expect(closed).not.toContain('canonical');
  });
});

const category = (id: number, name: string, visible = true) => ({ id, name, sorting: id, visible, additionsEnabled: false, group: null });
const product = (id: number, name: string, fields: Partial<ProductView> = {}) =>
  ({
    id,
    name,
    description: '',
    imageUrl: null,
    priceCents: 800,
    categoryId: 1,
    forSale: true,
    soldOut: false,
    diet: [],
    ...fields,
  }) as ProductView;

/** A snapshot with what the Restaurant reads: settings, categories, products, special days. */
function snapshot(overrides: Partial<CatalogSnapshot> = {}): CatalogSnapshot {
  return {
    settings: {
      shop_name: SHOP.name,
      shop_address: SHOP.address,
      shop_phone_1: '06 1234 5678',
      shop_phone_2: '',
      weekly_hours: JSON.stringify([
        { lunch: null, dinner: null },
        ...Array.from({ length: 6 }, () => ({ lunch: { first: '12:00', last: '14:30' }, dinner: { first: '19:00', last: '23:45' } })),
      ]),
    },
    categories: [category(1, 'Pizze'), category(2, 'Nascosta', false), category(3, 'Vuota')],
    products: [
      product(1, 'Marinara', { priceCents: 650, diet: ['vegetarian', 'vegan', 'spicy'], imageUrl: '/media/products/m-264.webp' }),
      product(2, 'Diavola', { priceCents: 900, soldOut: true, description: 'Salame piccante' }),
      product(3, 'Segreta', { categoryId: 2, forSale: false }),
    ],
    specialDays: [
      {
        id: 1,
        version: 0,
        dateFrom: '2026-12-24',
        dateUntil: '2026-12-24',
        closed: false,
        firstSlot: '18:00',
        lastSlot: '21:00',
        message: null,
      },
    ],
    ...overrides,
  } as CatalogSnapshot;
}

describe('structured data', () => {
  it('a Restaurant from the snapshot validates, with hours, special days, sections and offers', () => {
    const data = restaurant(snapshot(), SITE);
    expect(schemaProblems(data)).toEqual([]);
    expect(data.priceRange).toBe('6,50–9,00 €');
    const hours = data.openingHoursSpecification as Record<string, string>[];
    expect(hours).toHaveLength(12);
    expect(hours[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '12:00',
      closes: '14:45',
    });
    // A window whose last slot is 23:45 closes at midnight.
    expect(hours[1]).toMatchObject({ opens: '19:00', closes: '00:00' });
    expect(data.specialOpeningHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-24', validThrough: '2026-12-24', opens: '18:00', closes: '21:15' },
    ]);
    const menu = data.hasMenu as { hasMenuSection: { name: string; hasMenuItem: Record<string, unknown>[] }[] };
    expect(menu.hasMenuSection.map((section) => section.name)).toEqual(['Pizze']);
    expect(menu.hasMenuSection[0]!.hasMenuItem).toEqual([
      {
        '@type': 'MenuItem',
        name: 'Marinara',
        image: 'https://remo.example/media/products/m-264.webp',
        offers: { '@type': 'Offer', price: '6.50', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
        suitableForDiet: ['https://schema.org/VegetarianDiet', 'https://schema.org/VeganDiet'],
      },
      {
        '@type': 'MenuItem',
        name: 'Diavola',
        description: 'Salame piccante',
        offers: { '@type': 'Offer', price: '9.00', priceCurrency: 'EUR', availability: 'https://schema.org/OutOfStock' },
      },
    ]);
  });

  it('a closed special day opens and closes at 00:00, as schema.org says a closed day', () => {
    const closed = {
      id: 2,
      version: 0,
      dateFrom: '2026-12-25',
      dateUntil: '2026-12-26',
      closed: true,
      firstSlot: null,
      lastSlot: null,
      message: 'Natale',
    };
    const data = restaurant(snapshot({ specialDays: [closed] }), SITE);
    expect(data.specialOpeningHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-25', validThrough: '2026-12-26', opens: '00:00', closes: '00:00' },
    ]);
  });

  it('a BlogPosting by the shop validates', () => {
    const data = blogPosting(POST, SHOP.name, SITE);
    expect(schemaProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      headline: 'Pizza e fichi',
      image: 'https://remo.example/images/blog/fichi.svg',
      author: { name: SHOP.name },
    });
  });

  it('the checker refuses unknown properties, wrong kinds and missing required fields', () => {
    const data = restaurant(snapshot(), SITE);
    const broken = {
      ...data,
      telephon: 'x',
      servesCuisine: '',
      hasMenu: { '@type': 'Menu', hasMenuSection: [{ '@type': 'MenuItem', name: 'x' }] },
    };
    delete (broken as Record<string, unknown>).address;
    expect(schemaProblems(broken)).toEqual([
      '$.address: missing',
      '$.servesCuisine: not a text: ""',
      '$.hasMenu.hasMenuSection[0]: a MenuItem where MenuSection is expected',
      '$.telephon: not a property of Restaurant',
    ]);
    const offer = { '@type': 'Offer', price: 8.5, priceCurrency: 'EUR', availability: 'InStock' };
    const problems = schemaProblems(offer);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toBe('$.price: not a price: 8.5');
    expect(problems[1]).toMatch(/^\$\.availability: "InStock" is not one of https:\/\/schema\.org\/InStock/);
  });
});
