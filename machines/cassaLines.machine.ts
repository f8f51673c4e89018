import { assertEvent, assign, sendTo, setup, type SnapshotFrom } from 'xstate';
import { formatEuro, freeItems, searchProducts } from '../src/domain';
import type { CartEvent } from './cart.machine';
import { categoryIds, productIn } from './cassaOrder.form';
import type { CassaCatalog } from './cassaOrder.types';
import { suggestBoxMachine } from './suggestBox.machine';

export interface CassaLinesContext {
  /** the products the widget sells (null until the editor has loaded them) */
  catalog: CassaCatalog | null;
  /** what the cashier typed in 'Nome prodotto' */
  query: string;
}

export type CassaLinesEvent =
  /** the editor: the products as loaded, or reloaded at a newer catalogue version */
  | { type: 'lines.catalog'; catalog: CassaCatalog }
  /** the editor: an order is on screen to be changed, or not (loading, saving) */
  | { type: 'lines.enable' }
  | { type: 'lines.disable' }
  /** the editor: another order is on screen, the search starts empty */
  | { type: 'lines.clear' }
  | { type: 'product.query'; text: string }
  | { type: 'product.add'; productId: number }
  | { type: 'freeItem.add'; productId: number };

/** One item of a product the search or the gift list picked, as the cart takes it. */
const addProduct = ({ context, event }: { context: CassaLinesContext; event: CassaLinesEvent }): CartEvent => {
  assertEvent(event, ['product.add', 'freeItem.add']);
  const product = productIn(context.catalog!.products, event.productId)!;
  return { type: 'line.add', choice: { product, variant: null, additions: [], qty: 1 } };
};

/** What the search finds for the text typed (the whole sellable catalogue for none). */
const searchResults = ({ catalog, query }: CassaLinesContext) =>
  catalog ? searchProducts(catalog.products, categoryIds(catalog), query) : [];

/**
 * The order widget's lines: the product search ('Nome prodotto', 'Aggiungi') and the gifts list,
 * which add an item to the cassa's cart through the provided `toCart`. The editor says when an
 * order is on screen to change (`lines.enable`), hands it the products and clears the search for
 * each new order. The search's popup is a `suggestBox` child that closes once an item is added.
 */
export const cassaLinesMachine = setup({
  types: {
    context: {} as CassaLinesContext,
    events: {} as CassaLinesEvent,
  },
  actors: { suggestBox: suggestBoxMachine },
  guards: {
    isSearchable: ({ context, event }) => {
      assertEvent(event, 'product.add');
      return productIn(searchResults({ ...context, query: '' }), event.productId) !== undefined;
    },
    isFreeItem: ({ context, event }) => {
      assertEvent(event, 'freeItem.add');
      return productIn(freeItems(context.catalog?.products ?? []), event.productId) !== undefined;
    },
  },
  actions: {
    /** A line for the cassa's cart (provided by the editor, which tells the screen). */
    toCart: (_, _command: CartEvent) => {
      throw new Error('toCart not provided');
    },
  },
}).createMachine({
  id: 'cassaLines',
  context: { catalog: null, query: '' },
  invoke: { id: 'productBox', src: 'suggestBox' },
  on: {
    'lines.catalog': { actions: assign({ catalog: ({ event }) => event.catalog }) },
    'lines.clear': { actions: assign({ query: '' }) },
  },
  initial: 'disabled',
  states: {
    disabled: {
      on: { 'lines.enable': 'enabled' },
    },
    enabled: {
      on: {
        'lines.disable': 'disabled',
        'product.query': { actions: [assign({ query: ({ event }) => event.text }), sendTo('productBox', { type: 'suggest.type' })] },
        // The list closes over the lines the item joins; typing the next one opens it again.
        'product.add': {
          guard: 'isSearchable',
          actions: [{ type: 'toCart', params: addProduct }, assign({ query: '' }), sendTo('productBox', { type: 'suggest.pick' })],
        },
        'freeItem.add': { guard: 'isFreeItem', actions: { type: 'toCart', params: addProduct } },
      },
    },
  },
});

export type CassaLinesSnapshot = SnapshotFrom<typeof cassaLinesMachine>;

/** The product search and the gifts list: what they show and the handlers they call; pure, so path tests assert it. */
export function connectCassaLines(snapshot: CassaLinesSnapshot, send: (event: CassaLinesEvent) => void) {
  const { catalog, query } = snapshot.context;
  const isEnabled = snapshot.matches('enabled');
  const products = searchResults(snapshot.context);
  return {
    productSearch: {
      value: query,
      isDisabled: !isEnabled,
      box: snapshot.children.productBox!,
      canOpen: isEnabled,
      results: products.map((p) => ({ id: p.id, name: p.name, price: formatEuro(p.priceCents), soldOut: p.sold_out })),
      emptyMessage: products.length === 0 ? 'Nessun prodotto trovato.' : null,
      onChange: (text: string) => send({ type: 'product.query', text }),
      onAdd: (productId: number) => send({ type: 'product.add', productId }),
      /** 'Aggiungi': the first product the text finds */
      addButton: {
        isDisabled: !isEnabled || products.length === 0 || query.trim() === '',
        onPress: () => products[0] && send({ type: 'product.add', productId: products[0].id }),
      },
    },
    freeItems: {
      isDisabled: !isEnabled,
      options: catalog ? freeItems(catalog.products).map((p) => ({ id: p.id, name: p.name })) : [],
      onAdd: (productId: number) => send({ type: 'freeItem.add', productId }),
    },
  };
}

export type CassaLinesView = ReturnType<typeof connectCassaLines>;
