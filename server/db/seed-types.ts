import type { AllergenFacts } from '../../src/domain';
import type { CategoryView, ProductFields } from '../ecommerce/catalog';

/** A seeded category has the fields the menu reads. */
export type SeedCategory = CategoryView;

export interface SeedVariant extends AllergenFacts {
  name: string;
  priceModifierCents: number;
  /** a base dough: products are made on it, it is never offered as a choice */
  base?: true;
}

/** Its image is served locally, e.g. /images/products/margherita.svg. */
export interface SeedProduct extends ProductFields {
  /** names of SeedVariant offered for this product */
  variants: string[];
  /** name of the base SeedVariant it is made on; null: not made on a dough */
  baseDough: string | null;
}

export interface SeedPost {
  slug: string;
  title: string;
  description: string;
  /** HTML body (p, h2, ul/li, strong, em, a) */
  content: string;
  imageUrl: string | null;
  /** ISO 8601 */
  publishedAt: string;
}

export interface SeedDiscount {
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  minOrderCents: number;
  delivery: 'consegna' | 'ritiro' | null;
  label: string;
  validFrom: string | null;
  validUntil: string | null;
  active: boolean;
}

/** The demo pizzeria's content: what `npm start` seeds into an empty database. Money in cents. */
export interface SeedData {
  settings: Record<string, string>;
  zones: string[];
  categories: SeedCategory[];
  variants: SeedVariant[];
  products: SeedProduct[];
  posts: SeedPost[];
  discounts: SeedDiscount[];
  /** cassa phone clients */
  clients: { name: string; telephone: string; address: string; zone: string; cap: string }[];
}
