import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/schema';

type Schemas = components['schemas'];
export type Webapp = Schemas['WebappResponse'];

export interface ShopContext {
  categories: Schemas['Category'][];
  products: Schemas['Product'][];
  zones: Schemas['Zone'][];
  closed: boolean;
  clientMessage: string | null;
  settings: Schemas['Settings'] | null;
}

const EMPTY: ShopContext = { categories: [], products: [], zones: [], closed: false, clientMessage: null, settings: null };

/** The shop's menu, zones, opening state and settings, loaded once per visit. A failure leaves empty lists. */
export const shopMachine = setup({
  types: {
    context: {} as ShopContext,
    events: {} as { type: 'shop.refresh' },
  },
  actors: {
    loadWebapp: fromPromise<Webapp>(async () => {
      throw new Error('loadWebapp not provided');
    }),
  },
}).createMachine({
  id: 'shop',
  context: EMPTY,
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadWebapp',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            categories: event.output.categories,
            products: event.output.products,
            zones: event.output.zones,
            closed: event.output.closed,
            clientMessage: event.output.client_message,
            settings: event.output.settings,
          })),
        },
        onError: { target: 'ready', actions: assign(EMPTY) },
      },
    },
    ready: {
      on: { 'shop.refresh': 'loading' },
    },
  },
});
