import { assign, sendTo, type SnapshotFrom } from 'xstate';
import { cartLoad, deliveryFor, formWithClient, newOrderForm, openedOrDraft, repeatedLines } from './cassaOrder.form';
import { cassaOrderSetup } from './cassaOrder.setup';
import type { CartFacts, CassaOrderContext } from './cassaOrder.types';
import { queuedEntry } from './cassaOutbox.machine';

const BLANK_FORM = newOrderForm({ date: '', time: '00:00' });
const NO_CART: CartFacts = { lines: [], code: null, isPricing: false };
const EMPTY_CART = { type: 'toCart', params: { type: 'cart.empty' } } as const;
/** A new order on screen: its form, and an empty product search. */
const NEW_ORDER = ['startNewOrder', 'clearLines'] as const;
/** After a save: a new order on screen, the cart emptied, the list reloaded, the URL as it now stands. */
const NEXT_ORDER = [
  ...NEW_ORDER,
  EMPTY_CART,
  'ordersChanged',
  { type: 'showOrder', params: ({ context }: { context: CassaOrderContext }) => ({ id: context.orderId }) },
] as const;

/**
 * The cassa's add/edit widget: a phone order typed from the first letter of the name to 'Conferma
 * ordine', or an order of the list (the URL names it) loaded, changed and saved. The cart is another
 * actor (the cassa's own cart machine): the widget hears its lines as `cart.changed` and sends it
 * commands through the provided `toCart`. The name box's popup is a `suggestBox` child; the product
 * search and the gifts are the `lines` child (cassaLines), enabled while an order is being edited.
 */
export const cassaOrderMachine = cassaOrderSetup.createMachine({
  id: 'cassaOrder',
  context: ({ input }) => ({
    createKey: input.createKey,
    draft: input.draft ?? null,
    catalog: null,
    catalogueHeard: 0,
    orderId: input.orderId,
    opened: null,
    form: BLANK_FORM,
    cart: NO_CART,
    idempotencyKey: null,
    message: null,
    isError: false,
    errors: {},
  }),
  invoke: [
    { id: 'clientBox', src: 'suggestBox' },
    { id: 'lines', src: 'lines' },
  ],
  initial: 'loading',
  on: {
    // The URL names another order, or none; a state busy with something else follows it when done.
    'order.select': { actions: assign({ orderId: ({ event }) => event.id }) },
    'order.clear': { actions: assign({ orderId: null }) },
    'cart.changed': { actions: assign({ cart: ({ event }) => event.cart }) },
    'lines.cart': { actions: { type: 'toCart', params: ({ event }) => event.command } },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        onDone: [
          {
            // The new order typed before a reload comes back, its lines priced again.
            guard: 'hasNewOrderDraft',
            target: 'ready',
            actions: [
              assign({ catalog: ({ event }) => event.output }),
              { type: 'tellLines', params: ({ event }) => event.output },
              ...NEW_ORDER,
              { type: 'toCart', params: ({ context }) => cartLoad(null, context.draft!) },
              assign(({ context }) => ({ form: context.draft!.form, draft: null })),
            ],
          },
          {
            target: 'ready',
            actions: [
              assign({ catalog: ({ event }) => event.output }),
              { type: 'tellLines', params: ({ event }) => event.output },
              ...NEW_ORDER,
            ],
          },
        ],
        onError: 'failed',
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'init.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        /** The order on screen: a new one, or the one the URL names. */
        order: {
          initial: 'choosing',
          states: {
            /** Which order the URL names decides what the widget shows. */
            choosing: {
              always: [
                { guard: 'hasOrderId', target: 'opening' },
                // The URL names no order any more: the one on screen makes room for a new one.
                { guard: 'isOpenedOrder', target: 'editing', actions: [...NEW_ORDER, EMPTY_CART] },
                { target: 'editing' },
              ],
            },
            opening: {
              tags: ['loading'],
              on: {
                'order.select': { target: 'opening', reenter: true, actions: assign({ orderId: ({ event }) => event.id }) },
                'order.clear': { target: 'editing', actions: [assign({ orderId: null, message: null }), ...NEW_ORDER, EMPTY_CART] },
              },
              invoke: {
                id: 'loadOrder',
                src: 'loadOrder',
                input: ({ context }) => ({ id: context.orderId! }),
                onDone: [
                  {
                    guard: { type: 'isOpened', params: ({ event }) => event.output },
                    target: 'editing',
                    // What was typed on this very version before a reload comes back over it.
                    actions: [
                      {
                        type: 'toCart',
                        params: ({ context, event }) => {
                          const { order, typed } = openedOrDraft(context, event.output);
                          return cartLoad(order.id, typed);
                        },
                      },
                      assign(({ context, event }) => {
                        const { order, typed } = openedOrDraft(context, event.output);
                        return {
                          opened: order,
                          form: typed.form,
                          draft: typed === order ? context.draft : null,
                          errors: {},
                          idempotencyKey: null,
                        };
                      }),
                      'clearLines',
                    ],
                  },
                  {
                    // Gone, or never editable (an external platform's order): a new order instead.
                    target: 'editing',
                    actions: [
                      assign({ message: ({ event }) => (event.output.ok ? null : event.output.message), isError: true }),
                      ...NEW_ORDER,
                      EMPTY_CART,
                      { type: 'showOrder', params: { id: null } },
                    ],
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: [
                    assign({ message: ({ event }) => errorText(event.error), isError: true }),
                    ...NEW_ORDER,
                    EMPTY_CART,
                    { type: 'showOrder', params: { id: null } },
                  ],
                },
              },
            },
            // The product search and the gifts take items only here.
            editing: {
              entry: sendTo('lines', { type: 'lines.enable' }),
              exit: sendTo('lines', { type: 'lines.disable' }),
              on: {
                'order.select': { target: 'opening', actions: assign({ orderId: ({ event }) => event.id, message: null }) },
                'order.clear': {
                  guard: 'isOpenedOrder',
                  actions: [assign({ orderId: null, message: null }), ...NEW_ORDER, EMPTY_CART],
                },
                'client.query': { guard: 'isNewOrder', actions: ['changeForm', sendTo('clientBox', { type: 'suggest.type' })] },
                'client.pick': {
                  guard: 'isKnownClient',
                  actions: [
                    assign({
                      form: ({ context, event }) =>
                        formWithClient(
                          context.form,
                          context.catalog!.clients.find((c) => c.id === event.id)!,
                        ),
                      errors: {},
                    }),
                    sendTo('clientBox', { type: 'suggest.pick' }),
                    { type: 'toCart', params: ({ context }) => deliveryFor('consegna', context.form.zoneId) },
                  ],
                },
                // The zone's fee is a line of the cassa's home deliveries too.
                'zone.select': {
                  guard: 'isKnownZone',
                  actions: [
                    'changeForm',
                    { type: 'toCart', params: ({ context }) => deliveryFor(context.form.delivery, context.form.zoneId) },
                  ],
                },
                'field.change': { actions: 'changeForm' },
                'hour.change': { guard: 'isHour', actions: 'changeForm' },
                'minute.change': { guard: 'isMinute', actions: 'changeForm' },
                'payment.change': { actions: 'changeForm' },
                'delivery.change': {
                  actions: [
                    'changeForm',
                    { type: 'toCart', params: ({ context }) => deliveryFor(context.form.delivery, context.form.zoneId) },
                  ],
                },
                // The client's latest order fills the cart again, priced today (what left the catalogue is left out).
                'order.repeat': {
                  guard: 'hasLastOrder',
                  actions: {
                    type: 'toCart',
                    params: ({ context }) =>
                      cartLoad(null, {
                        form: context.form,
                        lines: repeatedLines(context.catalog!, context.form.clientId),
                        code: context.cart.code,
                      }),
                  },
                },
                'order.confirm': {
                  guard: 'hasPricedCart',
                  target: 'saving',
                  // One key per confirm, kept by every retry of it: a second press finds the first order, and an
                  // edit resent from the offline outbox is not applied twice.
                  actions: assign({
                    idempotencyKey: ({ context }) => context.idempotencyKey ?? context.createKey(),
                    message: null,
                    errors: {},
                  }),
                },
              },
            },
            saving: {
              tags: ['saving'],
              invoke: {
                id: 'saveOrder',
                src: 'saveOrder',
                input: ({ context }) => ({
                  form: context.form,
                  order: context.opened && {
                    id: context.opened.id,
                    orderNum: context.opened.orderNum,
                    version: context.opened.version,
                    user: context.opened.user,
                    nomeCitofono: context.opened.nomeCitofono,
                  },
                  idempotencyKey: context.idempotencyKey!,
                  cart: { lines: context.cart.lines, code: context.cart.code },
                }),
                onDone: [
                  {
                    guard: { type: 'isSaved', params: ({ event }) => event.output },
                    target: 'choosing',
                    actions: [{ type: 'rememberSaved', params: ({ event }) => event.output }, ...NEXT_ORDER],
                  },
                  {
                    // The server could not be reached: the order waits in 'Da inviare' with its key, and the cashier goes on.
                    guard: { type: 'isQueued', params: ({ event }) => event.output },
                    target: 'choosing',
                    actions: [
                      { type: 'rememberSaved', params: ({ event }) => event.output },
                      { type: 'writeQueued', params: ({ event }) => queuedEntry(event.output) },
                      ...NEXT_ORDER,
                    ],
                  },
                  {
                    // The URL moved on while the order was saving: the widget follows it, the reason stays.
                    guard: 'hasUrlMoved',
                    target: 'choosing',
                    actions: { type: 'rememberRefusal', params: ({ event }) => event.output },
                  },
                  {
                    // Another cash desk saved it first: nothing was written; the order as it is now comes back.
                    guard: { type: 'isStale', params: ({ event }) => event.output },
                    target: 'opening',
                    actions: { type: 'rememberRefusal', params: ({ event }) => event.output },
                  },
                  // Refused or failed: the cashier's form stays as typed, with its key (pressing again
                  // cannot make a second order) and the server's reasons under the fields.
                  { target: 'editing', actions: { type: 'rememberRefusal', params: ({ event }) => event.output } },
                ],
              },
            },
          },
        },
        /**
         * The products, zones and sold-out badges: when the day's list was read at a newer catalogue
         * version (the back office changed something), they load again behind the order being edited.
         */
        catalogue: {
          initial: 'current',
          states: {
            current: {
              on: { 'catalogue.changed': { guard: 'isNewerCatalogue', target: 'reloading', actions: 'hearCatalogue' } },
            },
            reloading: {
              // A newer change meanwhile (a sold-out mark, then its undoing): the load starts again, or the older one would stay.
              on: { 'catalogue.changed': { guard: 'isNewerThanHeard', target: 'reloading', reenter: true, actions: 'hearCatalogue' } },
              invoke: {
                id: 'reloadCatalog',
                src: 'loadCatalog',
                onDone: {
                  target: 'current',
                  actions: [assign({ catalog: ({ event }) => event.output }), { type: 'tellLines', params: ({ event }) => event.output }],
                },
                // The old catalogue stays; the next refresh of the list tries again.
                onError: 'current',
              },
            },
          },
        },
      },
    },
  },
});

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Errore generico');

export type CassaOrderSnapshot = SnapshotFrom<typeof cassaOrderMachine>;
