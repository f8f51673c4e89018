import type { components } from '../../openapi/schema';
import { seedData } from '../../server/db/seed-data';
import { publicSettings } from '../../server/ecommerce/public-settings';

/** Realistic data for the component tests, typed from the contract (openapi/schema.d.ts). */
type Schemas = components['schemas'];

/**
 * The shop is the demo pizzeria the server seeds (server/db/seed-data.ts): the machine and component
 * suites see the same settings, zones and pickup code as the e2e suite's real server.
 */
export const settings = publicSettings(seedData.settings);

/** The home page's optional texts in order: fields 1, 3 and 7 are headings, blank fields are left out. */
const homeFields = ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const).map((n) => ({ n, text: settings[`homepage_field_${n}`].trim() }));
export const homeHeadings = homeFields.filter((f) => f.text && [1, 3, 7].includes(f.n)).map((f) => f.text);
export const homeParagraphs = homeFields.filter((f) => f.text && ![1, 3, 7].includes(f.n)).map((f) => f.text);

/** As the database returns them (seed order), with the cassa's hidden catch-all zone among them. */
export const zones: Schemas['Zone'][] = seedData.zones.map((name, i) => ({ id: i + 1, name, fee: 0, min_order: 0 }));

/** What a customer sees: sorted by name, without 'Zona non riconosciuta'. */
export const servedZoneNames = seedData.zones
  .filter((name) => name !== 'Zona non riconosciuta')
  .sort((a, b) => a.localeCompare(b, 'it', { sensitivity: 'base' }));

/** A phone number as a tel: link: digits and the leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const pickup = seedData.discounts.find((d) => d.code === 'RITIRO-IN-PIZZERIA')!;

export const categories: Schemas['Category'][] = [
  { id: 1, name: 'Pizze rosse', sorting: 1, visibility: true, additions_enabled: true },
  { id: 2, name: 'Pizze bianche', sorting: 2, visibility: true, additions_enabled: true },
  { id: 9, name: 'Aggiunte', sorting: 9, visibility: false, additions_enabled: false },
];

const doughs: Schemas['Variant'][] = [
  { id: 1, name: 'Normale', price_modifier: 0, allergens: ['gluten'], may_contain: [] },
  { id: 2, name: 'Integrale', price_modifier: 1, allergens: ['gluten'], may_contain: [] },
];

/** What pizzas are made on when no dough is chosen (never offered as a choice). */
const classicDough: Schemas['Variant'] = { id: 5, name: 'Impasto classico', price_modifier: 0, allergens: ['gluten'], may_contain: [] };

export const products: Schemas['Product'][] = [
  {
    id: 1,
    category_id: 1,
    name: 'Margherita',
    description: 'Pomodoro San Marzano, fior di latte, basilico',
    image_url: null,
    price: 7,
    visibility: true,
    is_upsell: false,
    allow_variants: 0,
    note: null,
    variants: doughs,
    additions: [{ id: 90, name: 'Bufala', price: 2.5, allergens: ['milk'], may_contain: [] }],
    sold_out: false,
    category: { id: 1, name: 'Pizze rosse', additions_enabled: true },
    allergens: ['milk'],
    may_contain: [],
    diet: ['vegetarian'],
    frozen: false,
    base_dough: classicDough,
  },
  {
    id: 2,
    category_id: 2,
    name: 'Fiori di zucca e alici',
    description: 'Fior di latte, fiori di zucca, alici di Cetara',
    image_url: null,
    price: 10.5,
    visibility: true,
    is_upsell: false,
    allow_variants: 2,
    note: 'Solo in stagione',
    variants: [],
    additions: [],
    sold_out: false,
    category: { id: 2, name: 'Pizze bianche', additions_enabled: true },
    allergens: ['fish', 'milk'],
    may_contain: [],
    diet: [],
    frozen: false,
    base_dough: classicDough,
  },
  {
    id: 90,
    category_id: 9,
    name: 'Bufala',
    description: 'Mozzarella di bufala campana DOP',
    image_url: null,
    price: 2.5,
    visibility: false,
    is_upsell: false,
    allow_variants: 2,
    note: null,
    variants: [],
    additions: [],
    sold_out: false,
    category: { id: 9, name: 'Aggiunte', additions_enabled: false },
    allergens: ['milk'],
    may_contain: [],
    diet: [],
    frozen: false,
    base_dough: null,
  },
];

export const webapp: Schemas['WebappResponse'] = {
  catalogue_version: 1,
  categories,
  products,
  zones,
  closed: false,
  client_message: null,
  settings,
  pickup_discount: { code: pickup.code, percent: pickup.amount, min_order: pickup.minOrderCents / 100 },
};

export const customer: Schemas['User'] = {
  id: 7,
  name: 'Giulia Bianchi',
  email: 'giulia.bianchi@example.it',
  role_name: 'customer',
  email_verified: true,
};

export const admin: Schemas['User'] = {
  id: 1,
  name: 'Romolo Ferri',
  email: 'romolo@pizzeriadaromolo.it',
  role_name: 'admin',
  staff_role: 'owner',
  email_verified: true,
};

export const cashier: Schemas['User'] = {
  id: 2,
  name: 'Lucia Cassa',
  email: 'lucia@pizzeriadaromolo.it',
  role_name: 'admin',
  staff_role: 'cashier',
  email_verified: true,
};

export const POSTS_PER_PAGE = 10;

const TITLES = [
  'Arriva la pinsa ai fiori di zucca',
  'Il nostro forno compie 40 anni',
  'Nuova zona di consegna: Garbatella',
  'La farina macinata a pietra',
  'Menu di Natale: prenota in tempo',
  'Chiusura per ferie in agosto',
  'La mozzarella di bufala che usiamo',
  'Un fattorino in più il sabato sera',
  'Pizza e birra artigianale del Lazio',
  'Come nasce il nostro impasto',
  'Supplì: la ricetta della nonna',
  'Pagamento con carta alla consegna',
  'Serata pizza per la scuola di Trastevere',
  'I pomodori San Marzano del nostro fornitore',
  'La pinsa integrale entra nel menu',
  'Orari estivi: apriamo alle 18:30',
  'Calzone ricotta e salame, il ritorno',
  'Il codice sconto per chi ritira in pizzeria',
  'Olio extravergine della Sabina',
  'La carbonara diventa pizza',
  'Gli auguri di buona Pasqua',
  'Abbiamo rinnovato il sito',
  'Pizza al taglio il venerdì a pranzo',
];

const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** 23 posts, newest first (id 23 is the newest, published on Saturday 14 March 2026): three pages of ten. */
export const posts: Schemas['Post'][] = TITLES.map((title, i) => {
  const id = TITLES.length - i;
  const published = new Date(Date.UTC(2026, 2, 14, 10, 0, 0) - i * 7 * 24 * 60 * 60 * 1000);
  return {
    id,
    slug: slugify(title),
    title,
    description: `${title}: le novità della Pizzeria Da Romolo raccontate da chi impasta ogni giorno.`,
    image_url: i % 3 === 0 ? `/images/blog/${slugify(title)}.jpg` : null,
    published_at: published.toISOString(),
    content: `<p>${title}.</p>`,
  };
});

/** The newest post, whose body has real HTML. */
export const featuredPost: Schemas['Post'] = {
  ...posts[0]!,
  published_at: '2026-03-14T10:00:00.000Z',
  content:
    '<p>Da sabato trovate nel menu la <strong>pinsa ai fiori di zucca</strong>, con alici di Cetara e fior di latte.</p>' +
    '<h2>Perché la pinsa</h2>' +
    '<ul><li>impasto con farina di riso e soia</li><li>72 ore di lievitazione</li></ul>' +
    '<p>Ordinatela <a href="/ecommerce">dal menu</a>: la consegna è gratuita.</p>',
};
posts[0] = featuredPost;

export const postSummary = ({ content: _content, ...summary }: Schemas['Post']): Schemas['PostSummary'] => summary;

/** As the server answers: the requested page echoed back, empty when past the last one. */
export function postPage(page: number): Schemas['PostPage'] {
  const lastPage = Math.max(1, Math.ceil(posts.length / POSTS_PER_PAGE));
  return {
    data: posts.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE).map(postSummary),
    meta: { current_page: page, last_page: lastPage, per_page: POSTS_PER_PAGE, total: posts.length },
  };
}
