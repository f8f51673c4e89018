/**
 * The checkout driven in Chromium from its UI model: a logged-in customer with a Marinara in the cart
 * goes from step 2 to the confirmation, for delivery and for pickup, and is refused at step 2 and
 * at step 4 when something is missing. The model's states are the checkout machine's steps
 * (machines/checkout.machine.ts, named in `meta.real`); tests/model/modelTests.ts walks every model
 * path on that machine too, so the model cannot drift from it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine';
import { EMPTY_FORM, type CheckoutEvent } from '../../machines/checkout.types';
import { apiCall, url } from '../e2e/browser';
import { logIn, PASSWORD, verifiedCustomer } from '../e2e/cassa-helpers';
import { zones } from '../machines/checkout.entries';
import { defineModelTests, type UiModel } from './modelTests';
import { cancelTodaysOrders } from './reset';

type Delivery = 'consegna' | 'ritiro';
type UiEvent =
  | { type: 'delivery.choose'; delivery: Delivery }
  | { type: 'next' }
  | { type: 'address.new' }
  | { type: 'details.fill' }
  | { type: 'order.confirm' };

/** What the customer sees: the step, the delivery type picked, whether a refusal shows, whether step 4 is filled. */
export const checkoutUiModel = setup({
  types: { context: {} as { delivery: Delivery | null; refused: boolean; filled: boolean }, events: {} as UiEvent },
  guards: {
    hasDelivery: ({ context }) => context.delivery !== null,
    isPickup: ({ context }) => context.delivery === 'ritiro',
    isFilled: ({ context }) => context.filled,
  },
}).createMachine({
  id: 'checkoutUi',
  context: { delivery: null, refused: false, filled: false },
  initial: 'delivery',
  states: {
    delivery: {
      meta: { real: 'checkout.delivery' },
      on: {
        'delivery.choose': { actions: assign({ delivery: ({ event }) => event.delivery, refused: false }) },
        // Pickup needs no address: on to the details.
        next: [
          { guard: 'isPickup', target: 'details' },
          { guard: 'hasDelivery', target: 'address' },
          { actions: assign({ refused: true }) },
        ],
      },
    },
    address: { meta: { real: 'checkout.address.ready' }, on: { 'address.new': 'details' } },
    details: {
      meta: { real: 'checkout.details.ready' },
      on: {
        'details.fill': { actions: assign({ filled: true, refused: false }) },
        next: [{ guard: 'isFilled', target: 'upsell' }, { actions: assign({ refused: true }) }],
      },
    },
    upsell: { meta: { real: 'checkout.upsell.ready' }, on: { next: 'summary' } },
    summary: { meta: { real: 'checkout.summary.idle' }, on: { 'order.confirm': 'placed' } },
    placed: { type: 'final', meta: { real: 'checkout.placed' } },
  },
});
type UiSnapshot = SnapshotFrom<typeof checkoutUiModel>;

const SLOT = '20:00';
const ZONE = 'Testaccio';
const DETAILS = { nomeCitofono: 'Ferri', indirizzo: 'Via Marmorata 12', nomeCliente: 'Giulia Bianchi', telefono: '+393331234567' };
const LABELS: Record<Delivery, string> = { consegna: 'Consegna a domicilio', ritiro: 'Ritiro in pizzeria' };

/** Step 4 as the machine hears it: the fields a person fills for that delivery type. */
function detailsEvents(delivery: Delivery): CheckoutEvent[] {
  const zone = zones.find((z) => z.name !== 'Altra zona')!;
  const field = (name: keyof typeof DETAILS | 'fascia', value: string): CheckoutEvent => ({ type: 'field.change', field: name, value });
  return delivery === 'consegna'
    ? [
        field('nomeCitofono', DETAILS.nomeCitofono),
        { type: 'zone.select', zoneId: zone.id },
        field('indirizzo', DETAILS.indirizzo),
        field('telefono', DETAILS.telefono),
        field('fascia', SLOT),
      ]
    : [field('nomeCliente', DETAILS.nomeCliente), field('telefono', DETAILS.telefono), field('fascia', SLOT)];
}

/** Step `n` of the six (pickup: of its five, having no address step). */
const stepShown = (page: Page, n: number, title: string, delivery: Delivery | null) =>
  Promise.all([
    page.getByText(delivery === 'ritiro' ? `Passo ${n > 3 ? n - 1 : n} di 5` : `Passo ${n} di 6`, { exact: true }).waitFor(),
    page.getByRole('heading', { level: 1, name: title }).waitFor(),
  ]);
/** A react-aria radio is picked by its label, as a person clicks it. */
const choose = (page: Page, name: string) =>
  page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name, exact: true }) })
    .click();
const shows = async (page: Page, text: string, visible: boolean) =>
  expect.poll(() => page.getByText(text, { exact: true }).count()).toBe(visible ? 1 : 0);

/** What the page sends the checkout on arrival: a customer is in, the tab has no saved checkout. */
const PAGE_START: CheckoutEvent[] = [
  { type: 'session.changed', hasUser: true },
  { type: 'checkout.restore', step: 1, form: EMPTY_FORM, idempotencyKey: null },
];

let customer: Promise<string> | undefined;

const ui: UiModel<typeof checkoutUiModel> = {
  model: checkoutUiModel,
  real: checkoutMachine,
  realInput: { zones, createKey: () => 'chiave-modello' },
  // Each choice once, on an untouched step: the model stays a handful of states.
  events: (s) => [
    ...(s.matches('delivery') && s.context.delivery === null
      ? (['consegna', 'ritiro'] as const).map((delivery) => ({ type: 'delivery.choose' as const, delivery }))
      : []),
    ...(s.matches('details') && !s.context.filled ? [{ type: 'details.fill' as const }] : []),
    ...(s.context.refused ? [] : [{ type: 'next' as const }, { type: 'address.new' as const }, { type: 'order.confirm' as const }]),
  ],
  realActors: {
    followSession: fromCallback(() => {}),
    loadAddresses: fromPromise(async () => []),
    loadTimeslots: fromPromise(async () => [{ time: SLOT, available: true }]),
    loadSuggestions: fromPromise(async () => []),
    placeOrder: fromPromise(async () => ({ ok: true, message: 'Ordine confermato con successo!', orderId: 1 })),
  },
  realStart: PAGE_START,
  realEvents: (event, s): CheckoutEvent[] => {
    const e = event as UiEvent;
    switch (e.type) {
      case 'delivery.choose':
        return [{ type: 'delivery.select', delivery: e.delivery }];
      case 'next':
        return [{ type: 'step.next' }];
      case 'address.new':
        return [{ type: 'address.select', id: 0 }];
      case 'details.fill':
        return detailsEvents(s.context.delivery!);
      case 'order.confirm':
        return [{ type: 'order.confirm' }];
    }
  },

  async start({ page, allowErrors }) {
    allowErrors(/status of (401|403|409|422)/);
    customer ??= verifiedCustomer(page);
    const email = await customer;
    await cancelTodaysOrders(page, inject('adminEmail'), inject('adminPassword'));
    await logIn(page, email, PASSWORD);
    const { body } = await apiCall(page, 'GET', '/api/v1/ecommerce/addresses/all');
    for (const address of (body?.addresses ?? []) as { id: number }[]) {
      expect((await apiCall(page, 'DELETE', `/api/v1/ecommerce/addresses/delete/${address.id}`)).status).toBe(200);
    }
    // A Marinara in the cart, from the menu, then 'Invia ordine': a logged-in customer starts at step 2.
    await page.goto(url('/ecommerce'));
    await page
      .getByRole('button', { name: /^Marinara/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Aggiungi al Carrello/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(url('/ecommerce/cart'));
    await page
      .getByRole('link', { name: /^Invia ordine/ })
      .first()
      .click();
  },

  async act(page, event, s) {
    const e = event as UiEvent;
    switch (e.type) {
      case 'delivery.choose':
        return choose(page, LABELS[e.delivery]);
      case 'next':
        // The keyboard, as a person tabbing to the button does.
        return page.getByRole('button', { name: 'Prosegui' }).press('Enter');
      case 'address.new':
        return page.getByRole('button', { name: 'Aggiungi un nuovo indirizzo' }).click();
      case 'details.fill':
        if (s.context.delivery === 'consegna') {
          await page.getByLabel('Nome sul citofono').fill(DETAILS.nomeCitofono);
          await page.getByRole('button', { name: /Zona di consegna/ }).click();
          await page.getByRole('option', { name: ZONE, exact: true }).click();
          await page.getByLabel('Indirizzo', { exact: true }).fill(DETAILS.indirizzo);
        } else {
          await page.getByLabel('Nome', { exact: true }).fill(DETAILS.nomeCliente);
        }
        await page.getByLabel('Telefono').fill(DETAILS.telefono);
        return choose(page, SLOT);
      case 'order.confirm':
        return page.getByRole('button', { name: 'Conferma ordine' }).click();
    }
  },

  async check(page, s: UiSnapshot) {
    const { delivery, refused, filled } = s.context;
    if (s.matches('delivery')) {
      await stepShown(page, 2, 'Consegna o ritiro', delivery);
      for (const d of ['consegna', 'ritiro'] as const)
        expect(await page.getByRole('radio', { name: LABELS[d] }).isChecked()).toBe(d === delivery);
      await shows(page, 'Il campo tipo di consegna è obbligatorio.', refused);
    } else if (s.matches('address')) {
      await stepShown(page, 3, 'Indirizzo', delivery);
      await page.getByRole('button', { name: 'Aggiungi un nuovo indirizzo' }).waitFor();
    } else if (s.matches('details')) {
      await stepShown(page, 4, 'Dettagli', delivery);
      await page.getByRole('radio', { name: SLOT }).waitFor();
      await shows(page, 'La fascia oraria deve essere selezionata.', refused);
      expect(await page.getByLabel('Telefono').inputValue()).toBe(filled ? DETAILS.telefono : '');
      expect(await page.getByRole('radio', { name: SLOT }).isChecked()).toBe(filled);
    } else if (s.matches('upsell')) {
      await stepShown(page, 5, 'Ti consigliamo anche', delivery);
    } else if (s.matches('summary')) {
      await stepShown(page, 6, 'Riepilogo', delivery);
      const summary = page.locator('.checkout-summary');
      await summary.getByText(LABELS[delivery!]).first().waitFor();
      await summary.getByText(/1 × Marinara/).waitFor();
    } else {
      await page.getByRole('heading', { level: 1, name: 'Ordine inviato' }).waitFor();
      await page.getByText('Ordine confermato con successo!').waitFor();
    }
  },
};

describe('checkout, from its UI model', () => defineModelTests(ui));
