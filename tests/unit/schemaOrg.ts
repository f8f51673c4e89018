/**
 * A small offline checker of JSON-LD against the schema.org types the site uses: each object's
 * properties must be ones its type has (a typo is not silently ignored, as search engines would),
 * with the value kinds schema.org expects, and the ones Google's rich results require must be there.
 * Returns the problems found, as paths; none means valid.
 */

/** What a property's value must be: a kind of text, a fixed value, or an object of one of these types. */
type Expected =
  'text' | 'url' | 'date' | 'datetime' | 'time' | 'price' | 'boolean' | { enum: readonly string[] } | { types: readonly string[] };

interface TypeRule {
  properties: Record<string, Expected>;
  required: readonly string[];
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => `https://schema.org/${d}`);
const DIETS = ['VegetarianDiet', 'VeganDiet', 'GlutenFreeDiet', 'LowLactoseDiet', 'HalalDiet', 'KosherDiet'].map(
  (d) => `https://schema.org/${d}`,
);
const AVAILABILITY = ['InStock', 'OutOfStock', 'SoldOut', 'LimitedAvailability'].map((a) => `https://schema.org/${a}`);
const organization = { types: ['Organization'] } as const;

/** Thing's properties every type has. */
const THING: Record<string, Expected> = { name: 'text', description: 'text', url: 'url', image: 'url', '@id': 'url' };

export const SCHEMA_TYPES: Record<string, TypeRule> = {
  Restaurant: {
    properties: {
      ...THING,
      address: { types: ['PostalAddress'] },
      telephone: 'text',
      servesCuisine: 'text',
      priceRange: 'text',
      acceptsReservations: 'boolean',
      openingHoursSpecification: { types: ['OpeningHoursSpecification'] },
      specialOpeningHoursSpecification: { types: ['OpeningHoursSpecification'] },
      hasMenu: { types: ['Menu'] },
    },
    required: ['name', 'address', 'telephone', 'servesCuisine', 'url', 'image', 'openingHoursSpecification', 'hasMenu'],
  },
  PostalAddress: {
    properties: { streetAddress: 'text', postalCode: 'text', addressLocality: 'text', addressRegion: 'text', addressCountry: 'text' },
    required: ['streetAddress', 'addressLocality', 'addressCountry'],
  },
  OpeningHoursSpecification: {
    properties: { dayOfWeek: { enum: DAYS }, opens: 'time', closes: 'time', validFrom: 'date', validThrough: 'date' },
    required: ['opens', 'closes'],
  },
  Menu: { properties: { ...THING, inLanguage: 'text', hasMenuSection: { types: ['MenuSection'] } }, required: ['hasMenuSection'] },
  MenuSection: { properties: { ...THING, hasMenuItem: { types: ['MenuItem'] } }, required: ['name', 'hasMenuItem'] },
  MenuItem: {
    properties: { ...THING, offers: { types: ['Offer'] }, suitableForDiet: { enum: DIETS } },
    required: ['name', 'offers'],
  },
  Offer: {
    properties: { price: 'price', priceCurrency: { enum: ['EUR'] }, availability: { enum: AVAILABILITY } },
    required: ['price', 'priceCurrency'],
  },
  BlogPosting: {
    properties: {
      ...THING,
      headline: 'text',
      datePublished: 'datetime',
      dateModified: 'datetime',
      inLanguage: 'text',
      author: organization,
      publisher: organization,
      mainEntityOfPage: { types: ['WebPage'] },
    },
    required: ['headline', 'datePublished', 'image', 'author', 'publisher', 'mainEntityOfPage'],
  },
  Organization: { properties: { ...THING, logo: { types: ['ImageObject'] } }, required: ['name'] },
  ImageObject: { properties: { url: 'url' }, required: ['url'] },
  WebPage: { properties: { '@id': 'url', url: 'url' }, required: ['@id'] },
};

const TEXT_KINDS: Record<Exclude<Expected, object>, (value: unknown) => boolean> = {
  text: (v) => typeof v === 'string' && v.trim() !== '',
  url: (v) => typeof v === 'string' && /^https?:\/\/[^\s<>"]+$/.test(v) && URL.canParse(v),
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
  datetime: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v),
  time: (v) => typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v),
  price: (v) => typeof v === 'string' && /^\d+\.\d{2}$/.test(v),
  boolean: (v) => typeof v === 'boolean',
};

/** The problems of one JSON-LD object (and everything inside it); [] when it validates. */
export function schemaProblems(node: unknown, path = '$', types: readonly string[] | null = null): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [`${path}: not an object`];
  const object = node as Record<string, unknown>;
  const type = object['@type'];
  if (typeof type !== 'string' || !SCHEMA_TYPES[type]) return [`${path}: unknown @type ${JSON.stringify(type)}`];
  if (types && !types.includes(type)) return [`${path}: a ${type} where ${types.join(' or ')} is expected`];
  const rule = SCHEMA_TYPES[type]!;
  const problems = rule.required.filter((key) => object[key] === undefined).map((key) => `${path}.${key}: missing`);
  for (const [key, value] of Object.entries(object)) {
    if (key === '@type' || key === '@context') continue;
    const expected = rule.properties[key];
    if (!expected) {
      problems.push(`${path}.${key}: not a property of ${type}`);
      continue;
    }
    for (const [index, item] of (Array.isArray(value) ? value : [value]).entries()) {
      const at = Array.isArray(value) ? `${path}.${key}[${index}]` : `${path}.${key}`;
      if (typeof expected === 'string') {
        if (!TEXT_KINDS[expected](item)) problems.push(`${at}: not a ${expected}: ${JSON.stringify(item)}`);
      } else if ('enum' in expected) {
        if (!expected.enum.includes(item as string))
          problems.push(`${at}: ${JSON.stringify(item)} is not one of ${expected.enum.join(', ')}`);
      } else problems.push(...schemaProblems(item, at, expected.types));
    }
  }
  return problems;
}
