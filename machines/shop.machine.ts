import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';
import { homeTexts, isDeliveryFree, normalizePhone, servedZones, zoneChargesText, type AllergenFacts, type Cents } from '../src/domain';

type Wire = components['schemas'];

/** A dough, its surcharge in cents, and what it contains. */
export interface Variant extends AllergenFacts {
  id: number;
  name: string;
  priceModifierCents: Cents;
}

/** An ingredient added to a product, its price in cents, and what it contains. */
export interface Addition extends AllergenFacts {
  id: number;
  name: string;
  priceCents: Cents;
}

/** A product as the browser computes with it: money in cents (the wire's euros are converted on arrival). */
export interface Product extends Omit<Wire['Product'], 'price' | 'variants' | 'additions' | 'base_dough'> {
  priceCents: Cents;
  /** the dough it is made on when no other is chosen: its allergens count unless another replaces it */
  base_dough: Variant | null;
  variants: Variant[];
  additions: Addition[];
}

export type Category = Wire['Category'];
/** A delivery zone and what a home delivery there costs (money in cents). */
export interface Zone {
  id: number;
  name: string;
  feeCents: Cents;
  minOrderCents: Cents;
}
export type Settings = Wire['Settings'];

/** The pickup code as the shop set it: a percent off from a minimum order. */
export interface PickupDiscount {
  code: string;
  percent: number;
  minOrderCents: Cents;
}

export interface ShopData {
  categories: Category[];
  products: Product[];
  zones: Zone[];
  closed: boolean;
  /** why the shop is closed, in the shop's words */
  closedMessage: string | null;
  settings: Settings | null;
  /** null when the shop has no active pickup code */
  pickupDiscount: PickupDiscount | null;
  /** the back office's catalogue version this data was read at (0: none loaded) */
  catalogueVersion: number;
}

export type ShopEvent =
  | { type: 'shop.refresh' }
  /** an answer (the cart's price) was read at this catalogue version: a newer one reloads the menu */
  | { type: 'catalogue.changed'; version: number };

/** A failed load leaves empty lists (SPEC §8). */
const EMPTY_SHOP: ShopData = {
  categories: [],
  products: [],
  zones: [],
  closed: false,
  closedMessage: null,
  settings: null,
  pickupDiscount: null,
  catalogueVersion: 0,
};

/**
 * The shop's menu, zones, opening state and settings, loaded once per visit; the server usually
 * renders them into the page (`primed`), so the first screen needs no request. When an answer shows
 * that the back office changed the catalogue since (`catalogue.changed`), they load again in the
 * background: the menu stays on screen, and stays as it was if that load fails.
 */
export const shopMachine = setup({
  types: {
    input: {} as { primed: ShopData | null },
    context: {} as ShopData,
    events: {} as ShopEvent,
    tags: {} as 'loading',
  },
  actors: {
    loadShop: fromPromise<ShopData>(async () => {
      throw new Error('loadShop not provided');
    }),
  },
  guards: {
    isPrimed: ({ context }) => context.settings !== null,
    isNewerCatalogue: ({ context, event }) => {
      assertEvent(event, 'catalogue.changed');
      return event.version > context.catalogueVersion;
    },
  },
}).createMachine({
  id: 'shop',
  context: ({ input }) => input.primed ?? EMPTY_SHOP,
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isPrimed', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadShop',
        src: 'loadShop',
        onDone: { target: 'ready', actions: assign(({ event }) => event.output) },
        onError: { target: 'ready', actions: assign(EMPTY_SHOP) },
      },
    },
    ready: {
      on: {
        'shop.refresh': 'loading',
        'catalogue.changed': { guard: 'isNewerCatalogue', target: 'reloading' },
      },
    },
    reloading: {
      invoke: {
        id: 'reloadShop',
        src: 'loadShop',
        onDone: { target: 'ready', actions: assign(({ event }) => event.output) },
        onError: 'ready',
      },
    },
  },
});

export type ShopSnapshot = SnapshotFrom<typeof shopMachine>;

/** A phone number as shown, and as a tel: link. */
export interface PhoneLink {
  label: string;
  href: string;
}

/** What the header, footer, home and static pages show of the shop: one source for each fact. */
export function connectShop(snapshot: ShopSnapshot) {
  const { settings, zones, closed, closedMessage, pickupDiscount } = snapshot.context;
  const name = settings?.shop_name.trim() || null;
  const phones: PhoneLink[] = [settings?.shop_phone_1, settings?.shop_phone_2]
    .map((phone) => phone?.trim() ?? '')
    .filter(Boolean)
    .map((label) => ({ label, href: `tel:${normalizePhone(label)}` }));
  return {
    isLoading: snapshot.hasTag('loading'),
    /** the shop's name, null while it is not known */
    name,
    address: settings?.shop_address.trim() || null,
    legalLine: settings?.shop_legal_line.trim() || null,
    phones,
    openingTime: settings?.opening_time ?? null,
    lastSlotTime: settings?.last_slot_time ?? null,
    /** the weekly hours in words, null while they are not known */
    openingHours: settings?.opening_hours || null,
    /** the zones a customer can pick, each with what a home delivery there asks ('' when nothing) */
    servedZones: servedZones(zones).map((zone) => ({ id: zone.id, name: zone.name, charges: zoneChargesText(zone) })),
    /** no zone charges for delivery: the home page says it is free */
    deliveryIsFree: isDeliveryFree(zones),
    homeTexts: settings ? homeTexts(settings) : [],
    closedMessage: closed ? closedMessage : null,
    pickupDiscount,
  };
}

export type ShopView = ReturnType<typeof connectShop>;
