import { describe, expect, it } from 'vitest';
import { connectShop, shopMachine } from '../../machines/shop.machine';
import { homeHeadings, homeParagraphs, servedZoneNames, settings, telHref, webapp } from '../mocks/fixtures';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { shopData, shopEntry } from './registry';

const { done: doneOf, error: errorOf } = internalEvents(shopMachine);

const EMPTY = { categories: [], products: [], zones: [], closed: false, closedMessage: null, settings: null, pickupDiscount: null };

describePathCoverage(
  'shop machine: path coverage',
  shopEntry,
  async (path) => {
    let loads = 0;
    await replayEntryPath(shopEntry, path, {
      assertInvariant: (snapshot, { index, step, previous, invocations }) => {
        // One GET /api/v1/ecommerce/webapp per visit to `loading`; none when the page brought the data.
        if (snapshot.hasTag('loading') && !previous?.hasTag('loading')) loads++;
        expect(invocations.length).toBe(loads);
        if (index === 0) expect(snapshot.hasTag('loading')).toBe(path.input!.primed === null);
        // The menu is either what the server sent or, after a failure, empty (and not closed).
        expect([EMPTY, shopData]).toContainEqual(snapshot.context);
        if (step.event.type === errorOf('loadShop')) expect(snapshot.context).toEqual(EMPTY);
        if (step.event.type === doneOf('loadShop')) expect(snapshot.context).toEqual(shopData);
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
    expect(margherita.variants).toEqual([
      { id: 1, name: 'Normale', priceModifierCents: 0 },
      { id: 2, name: 'Integrale', priceModifierCents: 100 },
    ]);
    expect(margherita.additions).toEqual([{ id: 90, name: 'Bufala', priceCents: 250 }]);
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
