import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { ALLERGEN_LABELS, formatEuro, lineAllergens, matchingByName, MIN_QUANTITY, offersDoughChoice } from '../src/domain';
import { ALLERGEN_PAGE, allergenSentences } from './allergenText';
import { choicePriceCents, type LineChoice } from './lineChoice';
import type { Product } from './shop.machine';

export type { LineChoice } from './lineChoice';

/** The cart line the dialog reopens with 'Modifica': its place in the cart and what was chosen. */
export interface EditedLine {
  index: number;
  variantId: number | null;
  additionIds: number[];
  qty: number;
}

export interface ProductDialogContext {
  /** the shop's setting ecommerce_variants when the dialog opened: 'yes' offers the dough choice */
  ecommerceVariants: string | undefined;
  product: Product | null;
  /** the index of the cart line being edited; null when adding */
  editIndex: number | null;
  /** null: plain pizza, no surcharge */
  variantId: number | null;
  additionIds: number[];
  qty: number;
  /** the text of 'Cerca aggiunta...' (the cassa's dialog): only additions whose name holds it are listed */
  additionQuery: string;
}

export type ProductDialogEvent =
  | { type: 'dialog.open'; product: Product; ecommerceVariants: string | undefined; line?: EditedLine }
  | { type: 'dialog.close' }
  | { type: 'dialog.confirm' }
  | { type: 'quantity.increment' }
  | { type: 'quantity.decrement' }
  | { type: 'dough.select'; variantId: number | null }
  | { type: 'addition.toggle'; additionId: number }
  | { type: 'addition.search'; text: string };

const CLOSED = {
  ecommerceVariants: undefined,
  product: null,
  editIndex: null,
  variantId: null,
  additionIds: [],
  qty: MIN_QUANTITY,
  additionQuery: '',
};

const doughChoiceOffered = (context: ProductDialogContext) =>
  context.product !== null && offersDoughChoice(context.product, context.ecommerceVariants);

const additionsOffered = (context: ProductDialogContext) =>
  context.product !== null && context.product.category.additions_enabled && context.product.additions.length > 0;

/** The choice as the cart takes it: only doughs and additions the product offers now. */
function lineChoice(context: ProductDialogContext): LineChoice | null {
  const { product } = context;
  if (!product) return null;
  const variant = doughChoiceOffered(context) ? (product.variants.find((v) => v.id === context.variantId) ?? null) : null;
  const additions = additionsOffered(context) ? product.additions.filter((a) => context.additionIds.includes(a.id)) : [];
  return { product, variant, additions, qty: context.qty };
}

/**
 * The product dialog of the menu and the cart: closed, or open on one product (to add it, or to
 * edit a cart line in place). Being open is the page's modal-open state. Confirming hands the
 * choice to the cart through `confirmLine` (provided by the page: the cart is another actor).
 */
export const productDialogMachine = setup({
  types: {
    context: {} as ProductDialogContext,
    events: {} as ProductDialogEvent,
    tags: {} as 'open',
  },
  guards: {
    isAboveMinimum: ({ context }) => context.qty > MIN_QUANTITY,
    offersDoughChoice: ({ context, event }) => {
      assertEvent(event, 'dough.select');
      return doughChoiceOffered(context) && (event.variantId === null || context.product!.variants.some((v) => v.id === event.variantId));
    },
    offersAddition: ({ context, event }) => {
      assertEvent(event, 'addition.toggle');
      return additionsOffered(context) && context.product!.additions.some((a) => a.id === event.additionId);
    },
  },
  actions: {
    /** Adds the choice to the cart, or replaces line `index` with it. */
    confirmLine: (_, _params: { index: number | null; choice: LineChoice }) => {
      throw new Error('confirmLine not provided');
    },
  },
}).createMachine({
  id: 'productDialog',
  context: CLOSED,
  initial: 'closed',
  states: {
    closed: {
      on: {
        'dialog.open': {
          target: 'open',
          actions: assign(({ event }) => ({
            ecommerceVariants: event.ecommerceVariants,
            product: event.product,
            editIndex: event.line?.index ?? null,
            variantId: event.line?.variantId ?? null,
            additionIds: event.line?.additionIds ?? [],
            qty: event.line?.qty ?? MIN_QUANTITY,
            additionQuery: '',
          })),
        },
      },
    },
    open: {
      tags: ['open'],
      on: {
        'quantity.increment': { actions: assign({ qty: ({ context }) => context.qty + 1 }) },
        'quantity.decrement': { guard: 'isAboveMinimum', actions: assign({ qty: ({ context }) => context.qty - 1 }) },
        'dough.select': { guard: 'offersDoughChoice', actions: assign({ variantId: ({ event }) => event.variantId }) },
        'addition.toggle': {
          guard: 'offersAddition',
          actions: assign({
            additionIds: ({ context, event }) =>
              context.additionIds.includes(event.additionId)
                ? context.additionIds.filter((id) => id !== event.additionId)
                : [...context.additionIds, event.additionId],
          }),
        },
        'addition.search': { actions: assign({ additionQuery: ({ event }) => event.text }) },
        'dialog.confirm': {
          target: 'closed',
          actions: [
            { type: 'confirmLine', params: ({ context }) => ({ index: context.editIndex, choice: lineChoice(context)! }) },
            assign(CLOSED),
          ],
        },
        'dialog.close': { target: 'closed', actions: assign(CLOSED) },
      },
    },
  },
});

export type ProductDialogSnapshot = SnapshotFrom<typeof productDialogMachine>;

export const PLAIN_DOUGH = 'Pizza normale';

/** What the dialog shows and the handlers it calls. */
export function connectProductDialog(snapshot: ProductDialogSnapshot, send: (event: ProductDialogEvent) => void) {
  const { context } = snapshot;
  const isOpen = snapshot.hasTag('open');
  const choice = isOpen ? lineChoice(context) : null;
  const product = choice?.product ?? null;
  const price = choice ? formatEuro(choicePriceCents(choice)) : '';
  const isEditing = context.editIndex !== null;
  return {
    isOpen,
    onOpenChange: (open: boolean) => {
      if (!open) send({ type: 'dialog.close' });
    },
    product: product && {
      name: product.name,
      description: product.description,
      imageUrl: product.image_url,
      price: formatEuro(product.priceCents),
    },
    dough:
      product && doughChoiceOffered(context)
        ? {
            label: 'Scegli il tipo di impasto:',
            value: context.variantId === null ? 'plain' : String(context.variantId),
            options: [
              { value: 'plain', label: PLAIN_DOUGH },
              ...product.variants.map((v) => ({
                value: String(v.id),
                label: v.priceModifierCents > 0 ? `${v.name} (+${formatEuro(v.priceModifierCents)})` : v.name,
              })),
            ],
            onChange: (value: string) => send({ type: 'dough.select', variantId: value === 'plain' ? null : Number(value) }),
          }
        : null,
    additions:
      product && additionsOffered(context)
        ? {
            label: 'Aggiunte disponibili:',
            search: {
              label: 'Cerca aggiunta...',
              value: context.additionQuery,
              onChange: (text: string) => send({ type: 'addition.search', text }),
            },
            emptyMessage: 'Nessuna aggiunta trovata.',
            options: matchingByName(product.additions, context.additionQuery).map((a) => ({
              id: a.id,
              label: `${a.name} (+${formatEuro(a.priceCents)})`,
              isSelected: context.additionIds.includes(a.id),
              onChange: () => send({ type: 'addition.toggle', additionId: a.id }),
            })),
          }
        : null,
    allergens: choice && allergenRegion(choice),
    quantity: {
      label: 'Quantità:',
      value: context.qty,
      decrementButton: {
        'aria-label': 'Diminuisci quantità',
        isDisabled: !snapshot.can({ type: 'quantity.decrement' }),
        onPress: () => send({ type: 'quantity.decrement' }),
      },
      incrementButton: { 'aria-label': 'Aumenta quantità', onPress: () => send({ type: 'quantity.increment' }) },
    },
    confirmButton: {
      label: isEditing ? `Conferma modifica (${price})` : `Aggiungi al Carrello (${price})`,
      onPress: () => send({ type: 'dialog.confirm' }),
    },
    closeButton: { 'aria-label': 'Chiudi', onPress: () => send({ type: 'dialog.close' }) },
  };
}

export type ProductDialogView = ReturnType<typeof connectProductDialog>;

/** The region 'Allergeni': the line as chosen (its dough, else the product's base dough, and its additions). */
function allergenRegion({ product, variant, additions }: LineChoice) {
  const facts = lineAllergens(product, variant, additions);
  return {
    title: 'Allergeni',
    items: facts.allergens.map((a) => ALLERGEN_LABELS[a]),
    emptyMessage: 'Nessuno dei 14 allergeni',
    mayContain: allergenSentences(facts).mayContain,
    link: { href: ALLERGEN_PAGE, label: 'Tabella degli allergeni' },
  };
}
