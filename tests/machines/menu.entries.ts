/** Path-coverage entries of the menu and cart machines (issue 10), with the component suite's fixtures. */
import type { AnyStateMachine } from 'xstate';
import { pricedCartFromWire, lineToWire } from '../../src/api/cartActors';
import { ApiError } from '../../src/api/client';
import {
  cartMachine,
  lineKey,
  type CartEvent,
  type CartLine,
  type PriceAnswer,
  type PriceRequest,
  type SavedCart,
} from '../../machines/cart.machine';
import { productDialogMachine, type LineChoice } from '../../machines/productDialog.machine';
import type { Product, Variant } from '../../machines/shop.machine';
import { menuFilterMachine, NO_FILTER } from '../../machines/menuFilter.machine';
import { PICKUP_CODE, priceCartAnswer, UNKNOWN_CODE } from '../mocks/cart';
import { shopDataFromWire } from '../../src/api/shopActors';
import { webapp } from '../mocks/fixtures';
import { internalEvents, invokeInput, type InternalEvent } from './pathCoverage';
import type { MachineEntry } from './registry';

const defineEntry = <T extends AnyStateMachine>(entry: MachineEntry<T>): MachineEntry<T> => entry;
const shopData = shopDataFromWire(webapp);

const fixture = (name: string) => shopData.products.find((p) => p.name === name)!;
/**
 * The allergen facts these tests read, stated here (issue 29): pizzas made on 'Impasto classico'
 * (gluten); 'Senza glutine' contains none but may carry traces. The fixtures' whole-wheat dough
 * contains gluten, their buffalo mozzarella milk.
 */
const classico: Variant = { id: 80, name: 'Impasto classico', priceModifierCents: 0, allergens: ['gluten'], may_contain: [] };
export const senzaGlutine: Variant = { id: 3, name: 'Senza glutine', priceModifierCents: 150, allergens: [], may_contain: ['gluten'] };
const margheritaFixture = fixture('Margherita');
export const margherita: Product = {
  ...margheritaFixture,
  allergens: ['milk'],
  may_contain: [],
  diet: ['vegetarian'],
  frozen: false,
  base_dough: classico,
  variants: [...margheritaFixture.variants, senzaGlutine],
};
export const fioriDiZucca: Product = {
  ...fixture('Fiori di zucca e alici'),
  allergens: ['fish', 'milk'],
  may_contain: [],
  diet: [],
  frozen: true,
  base_dough: classico,
};
const integrale = margherita.variants.find((v) => v.name === 'Integrale')!;
const bufala = margherita.additions[0]!;

const facts = (snapshot: { value: unknown; status: string }, rest: Record<string, unknown>) =>
  JSON.stringify({ value: snapshot.value, status: snapshot.status, ...rest });

// --- product dialog --------------------------------------------------------------------------

export const productDialogEntry = defineEntry({
  name: 'productDialog',
  machine: productDialogMachine,
  maxSimplePathStates: 0,
  events: [
    // A pizza with doughs and additions; one with neither (allow_variants 2); a cart line reopened.
    // The shop offers doughs, or not (SPEC §5).
    { type: 'dialog.open', product: margherita, ecommerceVariants: 'yes' },
    { type: 'dialog.open', product: margherita, ecommerceVariants: 'no' },
    { type: 'dialog.open', product: fioriDiZucca, ecommerceVariants: 'yes' },
    {
      type: 'dialog.open',
      product: margherita,
      ecommerceVariants: 'yes',
      line: { index: 1, variantId: integrale.id, additionIds: [bufala.id], qty: 2 },
    },
    (s) => (s.context.qty < 3 ? { type: 'quantity.increment' } : null),
    { type: 'quantity.decrement' },
    { type: 'dough.select', variantId: integrale.id },
    { type: 'dough.select', variantId: senzaGlutine.id },
    { type: 'dough.select', variantId: null },
    { type: 'addition.toggle', additionId: bufala.id },
    // The cassa's search over the additions: one that finds bufala, one that finds nothing.
    (s) =>
      s.context.additionQuery === ''
        ? [
            { type: 'addition.search', text: 'BUF' },
            { type: 'addition.search', text: 'zzz' },
          ]
        : null,
    { type: 'dialog.confirm' },
    { type: 'dialog.close' },
  ],
  serializeState: (s) =>
    facts(s, {
      product: s.context.product?.id ?? null,
      variants: s.context.ecommerceVariants ?? null,
      edit: s.context.editIndex,
      dough: s.context.variantId,
      additions: s.context.additionIds,
      qty: s.context.qty,
      search: s.context.additionQuery,
    }),
});

// --- cart ------------------------------------------------------------------------------------

/** Margherita on whole-wheat dough with buffalo mozzarella, twice: (7 + 1 + 2,50) × 2 = 21 €. */
export const margheritaChoice: LineChoice = { product: margherita, variant: integrale, additions: [bufala], qty: 2 };
export const fioriChoice: LineChoice = { product: fioriDiZucca, variant: null, additions: [], qty: 1 };

/** What the server answers for a cart and code (as the mock server prices it). */
export const pricedFor = (request: PriceRequest) =>
  pricedCartFromWire(priceCartAnswer(request.lines.map(lineToWire), request.code, request.delivery));
/** The priced answer for a request. */
export const answerFor = (request: PriceRequest): PriceAnswer => ({ ok: true, priced: pricedFor(request) });
/** A refusal: a product withdrawn meanwhile. */
export const WITHDRAWN = 'Un prodotto nel carrello non è più disponibile: rimuovilo e riprova.';

const savedLine: CartLine = pricedFor({
  lines: [{ productId: fioriDiZucca.id, qty: 1, variant: null, additions: [] } as unknown as CartLine],
  code: null,
  delivery: null,
  zoneId: null,
  orderId: null,
}).lines[0]!;
/** A cart remembered from an earlier visit: one line, priced. */
export const savedCart: SavedCart = {
  lines: [savedLine],
  backend: { totalQuantity: 1, totalCents: 1050, deliveryFeeCents: 0, belowMinimum: null, finalCents: 1050 },
  discount: null,
  code: null,
  delivery: null,
  zoneId: null,
};

const cartEvents = internalEvents(cartMachine);
export const cartEntry = defineEntry({
  name: 'cart',
  machine: cartMachine,
  // A cart remembered from an earlier visit (priced again on start; emptying it leads to the fresh
  // visitor's empty cart), and one whose lines were all removed with a code entered (nothing to price).
  inputs: [{ saved: savedCart }, { saved: { ...savedCart, lines: [], backend: null, code: PICKUP_CODE } }],
  maxSimplePathStates: 0,
  // Kept narrow so the graph stays small: the cart is shaped first (two fixture lines at most, quantities
  // up to 2), then, once priced, a code is applied or dropped and the cart emptied.
  events: [
    (s) => {
      if (s.context.code !== null || s.context.delivery !== null) return null;
      const [first] = s.context.lines;
      const events: CartEvent[] = [{ type: 'quantity.decrement', index: 0 }];
      if (!first) events.push({ type: 'line.add', choice: margheritaChoice });
      else {
        events.push({ type: 'line.remove', line: lineKey(first) });
        if (s.context.lines.length === 1 && first.productId !== fioriDiZucca.id) events.push({ type: 'line.add', choice: fioriChoice });
        if (first.additions.length) events.push({ type: 'line.replace', index: 0, choice: { ...margheritaChoice, additions: [], qty: 1 } });
        if (first.qty < 2) events.push({ type: 'quantity.increment', index: 0 });
      }
      return events;
    },
    (s): CartEvent | CartEvent[] | null => {
      if (!s.matches('idle') || s.context.lines.length === 0) return null;
      const { code, delivery } = s.context;
      // From pickup back to home delivery: the pickup code goes.
      if (delivery === 'ritiro') return { type: 'delivery.select', delivery: 'consegna' };
      if (code !== null) return delivery === null ? [{ type: 'discount.clear' }, { type: 'cart.empty' }, { type: 'cart.refresh' }] : null;
      // The cassa opens an order: its lines and its code replace the cart.
      if (s.context.lines.length === 2)
        return { type: 'cart.load', orderId: 11, lines: [s.context.lines[1]!], code: PICKUP_CODE, delivery: null, zoneId: null };
      // Home delivery told by the checkout: the pickup code typed then gives no discount.
      if (delivery === 'consegna') return { type: 'discount.apply', code: PICKUP_CODE };
      const events: CartEvent[] = [
        { type: 'discount.apply', code: PICKUP_CODE },
        { type: 'discount.apply', code: UNKNOWN_CODE },
      ];
      // The checkout tells the delivery type (for the remembered cart only, to keep the graph small): pickup brings its code.
      const [only] = s.context.lines;
      if (s.context.lines.length === 1 && only!.productId === fioriDiZucca.id && only!.qty === 1)
        events.push({ type: 'delivery.select', delivery: 'ritiro' }, { type: 'delivery.select', delivery: 'consegna' });
      return events;
    },
    { type: cartEvents.after('cart.waiting', 'PRICE_DEBOUNCE') },
    (s) => {
      const request = invokeInput<PriceRequest>(s, cartEvents.invokeId('priceCart'));
      return request && { type: cartEvents.done('priceCart'), output: answerFor(request) };
    },
    // A refusal (a product withdrawn meanwhile) while one line is being priced; a failure (a 5xx, the
    // network) while the remembered cart is.
    (s) => {
      if (s.context.lines.length !== 1 || s.context.delivery !== null) return null;
      const refused: InternalEvent = { type: cartEvents.done('priceCart'), output: { ok: false, message: WITHDRAWN } };
      const [only] = s.context.lines;
      if (only!.productId !== fioriDiZucca.id || only!.qty !== 1) return refused;
      return [
        refused,
        { type: cartEvents.error('priceCart'), error: new ApiError(503, { message: 'Servizio non disponibile' }, 'Errore generico') },
      ];
    },
  ],
  serializeState: (s) =>
    facts(s, {
      lines: s.context.lines.map((l) => `${l.productId}/${l.variant?.id ?? '-'}/${l.additions.map((a) => a.id).join('+')}×${l.qty}`),
      code: s.context.code,
      discount: s.context.discount?.isValid ?? null,
      priced: s.context.backend !== null,
      codeMessage: s.context.codeMessage,
      delivery: s.context.delivery,
      orderId: s.context.orderId,
    }),
});

// --- menu filter ('Filtra per allergeni') -------------------------------------------------------

export const menuFilterEntry = defineEntry({
  name: 'menuFilter',
  machine: menuFilterMachine,
  maxSimplePathStates: 0,
  // A first visit, and a link (or this tab's session) arriving with 'Senza glutine'.
  inputs: [NO_FILTER, { without: ['gluten'], only: [] }],
  events: [
    { type: 'filter.toggle' },
    { type: 'allergens.choose', allergens: ['fish'] },
    { type: 'allergens.choose', allergens: ['gluten', 'milk'] },
    { type: 'allergens.choose', allergens: [] },
    { type: 'diet.choose', marks: ['vegan'] },
    { type: 'diet.choose', marks: ['vegetarian'] },
    { type: 'diet.choose', marks: [] },
    { type: 'filter.clear' },
  ],
  serializeState: (s) => facts(s, { without: s.context.without, only: s.context.only }),
});

export const menuEntries = [productDialogEntry, cartEntry, menuFilterEntry];
