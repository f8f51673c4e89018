/**
 * The cassa's order widget driven in Chromium from its UI model: a pickup phone order for a new
 * client typed and confirmed, refused without a client, then opened from the day's list, saved again or left
 * with 'Torna indietro'. The model's states are the widget's (machines/cassaOrder.machine.ts, named in
 * `meta.real`); tests/model/modelTests.ts walks every model path on that machine too.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { cassaOrderMachine } from '../../machines/cassaOrder.machine';
import type { CassaOrderEvent, SaveOrderInput, SaveOrderOutcome } from '../../machines/cassaOrder.types';
import { url } from '../e2e/browser';
import { ordersList, recordPrints } from '../e2e/cassa-helpers';
import { cassaCatalog, NEW_CLIENT, openedPhoneOrder, PRICED_CART, REFUSED_FIELDS } from '../machines/cassa.entries';
import { phoneOrder } from '../mocks/cassa.fixtures';
import { defineModelTests, type UiModel } from './modelTests';
import { cancelTodaysOrders } from './reset';

type UiEvent =
  | { type: 'client.fill' }
  | { type: 'product.add' }
  | { type: 'order.confirm' }
  | { type: 'order.open' }
  | { type: 'order.save' }
  | { type: 'order.back' };

const NEW = { named: false, product: false, refused: false };

/** What the cashier sees: a new order (its client filled in? a product in it? a refusal said?), the saved message, an opened order. */
export const cassaEditorUiModel = setup({
  types: { context: {} as typeof NEW, events: {} as UiEvent },
  guards: {
    isComplete: ({ context }) => context.named && context.product,
    hasProduct: ({ context }) => context.product,
  },
}).createMachine({
  id: 'cassaEditorUi',
  context: NEW,
  initial: 'newOrder',
  states: {
    newOrder: {
      meta: { real: 'cassaOrder.ready.order.editing' },
      on: {
        // The refusal stays said above the form until the next confirm.
        'client.fill': { actions: assign({ named: true }) },
        'product.add': { actions: assign({ product: true }) },
        'order.confirm': [
          { guard: 'isComplete', target: 'created', actions: assign(NEW) },
          // The server refuses an order with no client's name: said under the field, nothing lost.
          { guard: 'hasProduct', actions: assign({ refused: true }) },
        ],
      },
    },
    created: { meta: { real: 'cassaOrder.ready.order.editing' }, on: { 'order.open': 'opened' } },
    opened: { meta: { real: 'cassaOrder.ready.order.editing' }, on: { 'order.save': 'updated', 'order.back': 'left' } },
    updated: { meta: { real: 'cassaOrder.ready.order.editing' } },
    // 'Torna indietro': a new order again, the opened one as it was.
    left: { meta: { real: 'cassaOrder.ready.order.editing' } },
  },
});
type UiSnapshot = SnapshotFrom<typeof cassaEditorUiModel>;

const EMPTY_CART = { lines: [], code: null, isPricing: false };
const PHONE = '3331234567';
const margherita = cassaCatalog.products.find((p) => p.name === 'Margherita')!;

const editor = (page: Page) => page.getByRole('region', { name: /^(Aggiungi|Modifica) ordine$/ });
const nameBox = (page: Page) => editor(page).getByLabel('Nome cliente', { exact: true });
const productBox = (page: Page) => editor(page).getByLabel('Nome prodotto', { exact: true });
const status = (page: Page) => editor(page).getByRole('status');
const cartLines = (page: Page) => editor(page).getByRole('list', { name: "Prodotti dell'ordine" }).getByRole('listitem');
const heading = (page: Page, name: 'Aggiungi ordine' | 'Modifica ordine') => editor(page).getByRole('heading', { name }).waitFor();

/** The option a suggestion box has highlighted (what Enter picks). */
const highlighted = (box: Locator) =>
  box.evaluate((input) => {
    const id = input.getAttribute('aria-activedescendant');
    return (id && document.getElementById(id)?.textContent?.trim()) || null;
  });

/** This path's client (a new name each path: a saved client is suggested, not new, the next time) and order. */
let run = 0;
const current = { client: '', orderNum: '' };

const ui: UiModel<typeof cassaEditorUiModel> = {
  model: cassaEditorUiModel,
  real: cassaOrderMachine,
  realInput: { orderId: null, createKey: () => 'chiave-modello' },
  // Each thing done once on a new order; confirm only once something is in it.
  events: (s) => [
    ...(s.matches('newOrder') && !s.context.named ? [{ type: 'client.fill' as const }] : []),
    ...(s.matches('newOrder') && !s.context.product ? [{ type: 'product.add' as const }] : []),
    ...(s.context.refused && !s.context.named ? [] : [{ type: 'order.confirm' as const }]),
    { type: 'order.open' as const },
    { type: 'order.save' as const },
    { type: 'order.back' as const },
  ],
  realActors: {
    loadCatalog: fromPromise(async () => cassaCatalog),
    loadOrder: fromPromise(async () => ({ ok: true, order: openedPhoneOrder })),
    saveOrder: fromPromise<SaveOrderOutcome, SaveOrderInput>(async ({ input }) =>
      input.form.name === '' && input.order === null
        ? { kind: 'refused', message: REFUSED_FIELDS.nomeCliente, errors: { nomeCliente: REFUSED_FIELDS.nomeCliente } }
        : { kind: 'saved', message: 'Ordine creato.', client: input.order === null ? NEW_CLIENT : null },
    ),
  },
  realStart: [],
  // The cart is the screen's other actor: what it tells the widget comes with each action.
  realEvents: (event, s): CassaOrderEvent[] => {
    switch ((event as UiEvent).type) {
      case 'client.fill':
        return [
          { type: 'client.query', text: 'Cliente Modello' },
          { type: 'delivery.change', delivery: 'ritiro' },
          { type: 'field.change', field: 'telephone', value: PHONE },
        ];
      case 'product.add':
        return [
          // The product search (the widget's `lines` child) tells the widget the item for the cart.
          { type: 'lines.cart', command: { type: 'line.add', choice: { product: margherita, variant: null, additions: [], qty: 1 } } },
          { type: 'cart.changed', cart: { ...PRICED_CART, isPricing: true } },
          { type: 'cart.changed', cart: PRICED_CART },
        ];
      case 'order.confirm':
        return [{ type: 'order.confirm' }, ...(s.context.named ? [{ type: 'cart.changed' as const, cart: EMPTY_CART }] : [])];
      case 'order.open':
        return [
          { type: 'order.select', id: phoneOrder.id },
          { type: 'cart.changed', cart: PRICED_CART },
        ];
      case 'order.save':
        return [{ type: 'order.confirm' }, { type: 'cart.changed', cart: EMPTY_CART }];
      case 'order.back':
        return [{ type: 'order.clear' }, { type: 'cart.changed', cart: EMPTY_CART }];
    }
  },
  unreachable: {
    'cassaOrder.failed': 'the catalogue fails to load only when the server is down',
    'cassaOrder.ready.catalogue.reloading':
      'the catalogue reloads only after the back office changes it (tests/e2e/catalogue-version.e2e.ts)',
  },

  async start({ page, allowErrors }) {
    allowErrors(/status of 422/);
    current.client = `Cliente Modello ${Date.now().toString(36)} ${run++}`;
    current.orderNum = '';
    await recordPrints(page);
    await cancelTodaysOrders(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto(url('/cassa'));
    await page.getByRole('heading', { level: 1, name: 'Cassa' }).waitFor();
  },

  async act(page, event) {
    switch ((event as UiEvent).type) {
      case 'client.fill':
        // A pickup for a new client: the name typed, 'Ritiro' picked, the phone typed.
        await nameBox(page).click();
        await page.keyboard.type(current.client);
        await editor(page).getByText('Nuovo cliente - Verrà aggiunto').waitFor();
        await editor(page)
          .locator('label')
          .filter({ has: page.getByRole('radio', { name: 'Ritiro', exact: true }) })
          .click();
        await editor(page).getByLabel('Telefono', { exact: true }).fill(PHONE);
        return;
      case 'product.add':
        await productBox(page).click();
        await page.keyboard.type('Margherita');
        await expect.poll(() => highlighted(productBox(page))).toMatch(/^Margherita\b/);
        return productBox(page).press('Enter');
      case 'order.confirm': {
        const confirm = editor(page).getByRole('button', { name: 'Conferma ordine' });
        await expect.poll(() => confirm.isEnabled()).toBe(true);
        return confirm.press('Enter');
      }
      case 'order.open':
        return ordersList(page)
          .getByRole('button', { name: new RegExp(current.client) })
          .click();
      case 'order.save': {
        const save = editor(page).getByRole('button', { name: 'Modifica ordine' });
        await expect.poll(() => save.isEnabled()).toBe(true);
        return save.click();
      }
      case 'order.back':
        return page.getByRole('button', { name: 'Torna indietro' }).click();
    }
  },

  async check(page, s: UiSnapshot) {
    const { named, product, refused } = s.context;
    if (s.matches('newOrder')) {
      await heading(page, 'Aggiungi ordine');
      await expect.poll(() => nameBox(page).inputValue()).toBe(named ? current.client : '');
      await expect.poll(() => cartLines(page).count()).toBe(product ? 1 : 0);
      await expect.poll(() => status(page).getByText(REFUSED_FIELDS.nomeCliente, { exact: true }).count()).toBe(refused ? 1 : 0);
    } else if (s.matches('created')) {
      const message = status(page).getByText(/^Ordine creato\. Ordine numero #\d+ delle \d\d:\d\d\.$/);
      await message.waitFor();
      current.orderNum = /#(\d+)/.exec((await message.textContent())!)![1]!;
      await heading(page, 'Aggiungi ordine');
      await expect.poll(() => cartLines(page).count()).toBe(0);
      await ordersList(page).getByText(current.client, { exact: true }).waitFor();
    } else if (s.matches('opened')) {
      await heading(page, 'Modifica ordine');
      await editor(page).getByText(`Ordine numero #${current.orderNum}`, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Torna indietro' }).waitFor();
      await expect.poll(() => cartLines(page).count()).toBe(1);
    } else if (s.matches('left')) {
      await heading(page, 'Aggiungi ordine');
      await expect.poll(() => nameBox(page).inputValue()).toBe('');
      await ordersList(page).getByText(current.client, { exact: true }).waitFor();
      expect(
        await status(page)
          .getByText(/^Ordine modificato/)
          .count(),
      ).toBe(0);
    } else {
      await status(page)
        .getByText(new RegExp(`^Ordine modificato\\. Ordine numero #${current.orderNum} delle \\d\\d:\\d\\d\\.$`))
        .waitFor();
      await heading(page, 'Aggiungi ordine');
    }
  },
};

describe('cassa order widget, from its UI model', () => defineModelTests(ui));
