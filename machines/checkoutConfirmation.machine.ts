import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ALLERGY_NOTE_LABEL, DELIVERY_FEE_LABEL, DELIVERY_LABELS, formatEuro, type Cents, type DeliveryType } from '../src/domain';

/** A placed order as the customer is told it (GET /api/v1/ecommerce/account/orders/{id}), money in cents. */
export interface PlacedOrder {
  orderNum: number;
  /** 'HH:MM' */
  deliveryTime: string;
  delivery: DeliveryType;
  address: string | null;
  zoneName: string | null;
  paymentType: string;
  /** what is paid, the delivery fee included */
  totalCents: Cents;
  deliveryFeeCents: Cents;
  /** 'Allergie o intolleranze' as the kitchen got it */
  allergyNote: string | null;
}

/** Someone else's order, a missing one, or no login: the same answer, so nothing of it shows. */
export type PlacedOrderLookup = { found: true; order: PlacedOrder } | { found: false };

export type CheckoutConfirmationEvent = { type: 'order.retry' };

/** Ids are 32-bit in the contract. */
const MAX_ORDER_ID = 2 ** 31 - 1;

/**
 * The confirmation page's order, read back from the server by the id in the URL: a reload or a
 * second tab shows it again, and only to the customer who placed it.
 */
export const checkoutConfirmationMachine = setup({
  types: {
    /** `orderId` from the URL: NaN when it names none */
    input: {} as { orderId: number },
    context: {} as { orderId: number; order: PlacedOrder | null },
    events: {} as CheckoutConfirmationEvent,
    tags: {} as 'loading',
  },
  actors: {
    loadPlacedOrder: fromPromise<PlacedOrderLookup, { id: number }>(async () => {
      throw new Error('loadPlacedOrder not provided');
    }),
  },
  guards: {
    isImpossibleId: ({ context }) => !Number.isInteger(context.orderId) || context.orderId < 1 || context.orderId > MAX_ORDER_ID,
    isFound: (_, lookup: PlacedOrderLookup) => lookup.found,
  },
}).createMachine({
  id: 'checkoutConfirmation',
  context: ({ input }) => ({ orderId: input.orderId, order: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isImpossibleId', target: 'unavailable' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPlacedOrder',
        src: 'loadPlacedOrder',
        input: ({ context }) => ({ id: context.orderId }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => event.output },
            target: 'shown',
            actions: assign({ order: ({ event }) => (event.output.found ? event.output.order : null) }),
          },
          { target: 'unavailable' },
        ],
        onError: { target: 'failed' },
      },
    },
    shown: { type: 'final' },
    unavailable: { type: 'final' },
    failed: {
      on: { 'order.retry': 'loading' },
    },
  },
});

export type CheckoutConfirmationSnapshot = SnapshotFrom<typeof checkoutConfirmationMachine>;

const PAYMENT_WORDS: Record<string, string> = { Contanti: 'in contanti', 'Carta di credito': 'con carta di credito' };

/** What the confirmation shows below the spec's message: the order's number, time, total and payment, and where. */
export function connectCheckoutConfirmation(snapshot: CheckoutConfirmationSnapshot, send: (event: CheckoutConfirmationEvent) => void) {
  const { order } = snapshot.context;
  const isPickup = order?.delivery === 'ritiro';
  return {
    isLoading: snapshot.hasTag('loading'),
    details: order && {
      number: `Ordine n. ${order.orderNum}`,
      time: isPickup ? `Ritiro alle ${order.deliveryTime}` : `Consegna prevista alle ${order.deliveryTime}`,
      total: `Totale: ${formatEuro(order.totalCents)}`,
      /** the fee inside the total, as the cart and the summary showed it */
      fee: order.deliveryFeeCents > 0 ? `${DELIVERY_FEE_LABEL} compreso: ${formatEuro(order.deliveryFeeCents)}` : null,
      payment: `${isPickup ? 'Da pagare al ritiro' : 'Da pagare alla consegna'} ${PAYMENT_WORDS[order.paymentType] ?? order.paymentType}`,
      place: isPickup ? DELIVERY_LABELS.ritiro : [order.address, order.zoneName].filter(Boolean).join(', '),
      /** the customer reads that the kitchen has it */
      allergy: order.allergyNote ? `${ALLERGY_NOTE_LABEL}: ${order.allergyNote}` : null,
    },
    /** no order to show here: the account page lists the customer's own */
    accountHint: snapshot.matches('unavailable') ? 'I tuoi ordini sono nella pagina del tuo account.' : null,
    failure: snapshot.matches('failed')
      ? { message: "Non è stato possibile caricare i dettagli dell'ordine.", retryButton: { onPress: () => send({ type: 'order.retry' }) } }
      : null,
  };
}
