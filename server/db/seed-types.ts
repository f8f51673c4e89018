import type { CategoryGroup, DoughOffer } from '../../src/domain';

/** The demo pizzeria's content: what `npm start` seeds into an empty database. Money in cents. */
export interface SeedCategory {
  id: number;
  name: string;
  sorting: number;
  visible: boolean;
  additionsEnabled: boolean;
  group: CategoryGroup | null;
}

export interface SeedVariant {
  name: string;
  priceModifierCents: number;
}

export interface SeedProduct {
  categoryId: number;
  name: string;
  description: string;
  /** served locally, e.g. /images/products/margherita.svg */
  imageUrl: string | null;
  priceCents: number;
  visible: boolean;
  isUpsell: boolean;
  allowVariants: DoughOffer;
  note: string | null;
  /** names of SeedVariant offered for this product */
  variants: string[];
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
