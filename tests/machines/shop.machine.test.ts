import { describe, expect, it } from 'vitest';
import { connectShop, shopMachine } from '../../machines/shop.machine';
import { homeHeadings, homeParagraphs, servedZoneNames, settings, telHref, webapp } from '../mocks/fixtures';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { raisedShopData, shopData, shopEntry } from './registry';

const { done: doneOf, error: errorOf } = internalEvents(shopMachine);

const EMPTY = {
  categories: [],
  products: [],
  zones: [],
  closed: false,
  closedMessage: null,
  settings: null,
  pickupDiscount: null,
  catalogueVersion: 0,
};
const priceOf = (data: typeof shopData, name: string) => data.products.find((p) => p.name === name)!.priceCents;

describePathCoverage(
  'shop machine: path coverage',
  shopEntry,
  async (path) => {
    let loads = 0;
    await replayEntryPath(shopEntry, path, {
      assertInvariant: (snapshot, { index, step, previous, invocations }) => {
        // One GET /api/v1/ecommerce/webapp per visit to `loading` or `reloading`; none when the page brought the data.
        const isLoading = snapshot.matches('loading') || snapshot.matches('reloading');
        if (isLoading && !(previous?.matches('loading') || previous?.matches('reloading'))) loads++;
        expect(invocations.length).toBe(loads);
        if (index === 0) expect(snapshot.hasTag('loading')).toBe(path.input!.primed === null);
        // The menu is what the server sent (before or after the owner's change) or, after a first failure, empty.
        expect([EMPTY, shopData, raisedShopData]).toContainEqual(snapshot.context);
        if (step.event.type === errorOf('shop.loading')) expect(snapshot.context).toEqual(EMPTY);
        if (step.event.type === doneOf('shop.loading')) expect(snapshot.context).toEqual(shopData);
        const event = step.event as { type: string; version?: number };
        if (event.type === 'catalogue.changed') {
          // Only a newer version than the menu's reloads it; the menu stays on screen meanwhile.
          expect(snapshot.matches('reloading')).toBe(previous!.matches('ready') && event.version! > previous!.context.catalogueVersion);
          expect(snapshot.context).toEqual(previous!.context);
        }
        // The owner's new price shows once the reload is in; a failed reload keeps the menu as it was.
        if (step.event.type === doneOf('shop.reloading'))
          expect(priceOf(snapshot.context, 'Margherita')).toBe(priceOf(shopData, 'Margherita') + 50);
        if (step.event.type === errorOf('shop.reloading')) expect(snapshot.context).toEqual(previous!.context);
        // What every screen shows of the shop.
        const view = connectShop(snapshot);
        expect(view.isLoading).toBe(snapshot.matches('loading'));
        if (snapshot.context.settings) {
          expect(view.name).toBe(settings.shop_name);
          expect(view.servedZones.map((z) => z.name)).toEqual(servedZoneNames);
          expect(view.phones).toEqual([settings.shop_phone_1, settings.shop_phone_2].map((label) => ({ label, href: telHref(label) })));
          expect(view.homeTexts.filter((t) => t.heading).map((t) => t.text)).toEqual(homeHeadings);
          expect(view.homeTexts.filter((t) => !t.heading).map((t) => t.text)).toEqual(homeParagraphs);
        } else {
          expect(view).toMatchObject({ name: null, phones: [], servedZones: [], homeTexts: [], closedMessage: null });
        }
      },
    });
  },
  'reaches every state node and takes every transition (with and without the data in the page)',
);

describe('shop data: euros from the wire become cents', () => {
  it('converts product, dough and addition prices once, at the boundary', () => {
    const margherita = shopData.products.find((p) => p.name === 'Margherita')!;
    expect(webapp.products.find((p) => p.name === 'Margherita')!.price).toBe(7);
    expect(margherita.priceCents).toBe(700);
    // The allergen codes travel with them (issue 29), the base dough converted as the others.
    const gluten = { allergens: ['gluten'], may_contain: [] };
    expect(margherita.variants).toEqual([
      { id: 1, name: 'Normale', priceModifierCents: 0, ...gluten },
      { id: 2, name: 'Integrale', priceModifierCents: 100, ...gluten },
    ]);
    expect(margherita.base_dough).toEqual({ id: 5, name: 'Impasto classico', priceModifierCents: 0, ...gluten });
    expect(margherita.additions).toEqual([{ id: 90, name: 'Bufala', priceCents: 250, allergens: ['milk'], may_contain: [] }]);
    expect(margherita).not.toHaveProperty('price');
    expect(shopData.pickupDiscount).toEqual({ code: 'RITIRO-IN-PIZZERIA', percent: 15, minOrderCents: 1500 });
  });

  it('shows the closed-shop message only while the shop is closed', () => {
    const closed = { ...shopData, closed: true, closedMessage: 'Oggi siamo chiusi per turno.' };
    const snapshot = shopMachine.resolveState({ value: 'ready', context: closed });
    expect(connectShop(snapshot).closedMessage).toBe('Oggi siamo chiusi per turno.');
    expect(connectShop(shopMachine.resolveState({ value: 'ready', context: { ...closed, closed: false } })).closedMessage).toBeNull();
  });
});
