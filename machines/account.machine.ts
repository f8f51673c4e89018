import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { formatEuro, type Cents } from '../src/domain/money';
import { formatShopDate } from '../src/domain/time';
import { ORDER_PROGRESS_LABELS, type OrderProgress } from '../src/domain/tracking';

/** One product of a past order, money in cents (converted at the API boundary). */
export interface AccountOrderLine {
  /** the product and dough it was ordered as (null: no longer known), for 'Ordina di nuovo' */
  productId: number | null;
  variantId: number | null;
  name: string;
  qty: number;
  variantName: string | null;
  additions: string[];
  unitCents: Cents;
  totalCents: Cents;
}

export interface AccountOrder {
  id: number;
  orderNum: number;
  /** yyyy-mm-ddTHH:MM, shop local time */
  deliveryAt: string;
  progress: OrderProgress;
  /** of the shop's today (or still open): the server's clock decides, so it offers 'Segui il tuo ordine' */
  followable: boolean;
  originalCents: Cents;
  totalCents: Cents;
  discountCode: string | null;
  lines: AccountOrderLine[];
}

export interface SavedAddress {
  id: number;
  name: string;
  address: string | null;
  telephone: string;
}

export type AccountEvent =
  | { type: 'orders.retry' }
  | { type: 'addresses.retry' }
  | { type: 'address.delete'; id: number }
  | { type: 'order.reorder'; id: number }
  /** 'Segui il tuo ordine': ask for the order's tracking link and open it */
  | { type: 'order.follow'; id: number }
  /** `added` lines went into the cart; `missing` names the lines no longer sold */
  | { type: 'reorder.done'; added: number; missing: string[] };

export const ACCOUNT_TEXTS = {
  title: 'Il mio Account',
  ordersTab: 'Storico Ordini',
  addressesTab: 'Gestione Indirizzi',
  loyaltyTab: 'Tessera Fedeltà',
  loyalty: 'Hai accumulato 0 punti',
  noOrders: 'Non hai ancora effettuato ordini.',
  noAddresses: 'Non hai ancora aggiunto indirizzi.',
  ordersFailed: 'Non è stato possibile caricare i tuoi ordini.',
  addressesFailed: 'Non è stato possibile caricare i tuoi indirizzi.',
  retry: 'Riprova',
  delete: 'Elimina',
  changePassword: 'Cambia Password',
  logout: 'Logout',
  reorder: 'Ordina di nuovo',
  reordered: 'Aggiunto al carrello.',
  follow: 'Segui il tuo ordine',
  progress: 'Stato:',
  followFailed: 'Non è stato possibile aprire il tuo ordine.',
} as const;

/**
 * The account page's data: the order history and the saved addresses, loaded side by side when the
 * page opens. Deleting an address reloads the list (SPEC §4), whatever the answer.
 */
export const accountMachine = setup({
  types: {
    context: {} as {
      orders: AccountOrder[];
      addresses: SavedAddress[];
      deletingId: number | null;
      reorderNotices: string[] | null;
    },
    events: {} as AccountEvent,
    tags: {} as 'loadingOrders' | 'loadingAddresses' | 'deleting' | 'following',
  },
  actors: {
    loadOrders: fromPromise<AccountOrder[]>(async () => {
      throw new Error('loadOrders not provided');
    }),
    loadAddresses: fromPromise<SavedAddress[]>(async () => {
      throw new Error('loadAddresses not provided');
    }),
    deleteAddress: fromPromise<void, { id: number }>(async () => {
      throw new Error('deleteAddress not provided');
    }),
    /** A new tracking link for the order: the page's path ('/ordine/<token>'). */
    followOrder: fromPromise<string, { id: number }>(async () => {
      throw new Error('followOrder not provided');
    }),
  },
  guards: {
    isListedOrder: ({ context, event }) => {
      assertEvent(event, 'order.reorder');
      return context.orders.some((o) => o.id === event.id);
    },
    isFollowableOrder: ({ context, event }) => {
      assertEvent(event, 'order.follow');
      return context.orders.some((o) => o.id === event.id && o.followable);
    },
  },
  actions: {
    /** Puts the order's lines still sold into the cart (the app's cart actor), then sends `reorder.done`. */
    reorder: (_, _params: { order: AccountOrder }) => {
      throw new Error('reorder not provided');
    },
    /** Opens the tracking page at `path` (the app's router). */
    openTracking: (_, _params: { path: string }) => {
      throw new Error('openTracking not provided');
    },
  },
}).createMachine({
  id: 'account',
  context: { orders: [], addresses: [], deletingId: null, reorderNotices: null },
  type: 'parallel',
  on: {
    'order.reorder': {
      guard: 'isListedOrder',
      actions: {
        type: 'reorder',
        params: ({ context, event }) => {
          assertEvent(event, 'order.reorder');
          return { order: context.orders.find((o) => o.id === event.id)! };
        },
      },
    },
    'reorder.done': {
      actions: assign({
        reorderNotices: ({ event }) => {
          assertEvent(event, 'reorder.done');
          return [...(event.added > 0 ? [ACCOUNT_TEXTS.reordered] : []), ...event.missing];
        },
      }),
    },
  },
  states: {
    orders: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loadingOrders'],
          invoke: {
            id: 'loadOrders',
            src: 'loadOrders',
            onDone: { target: 'ready', actions: assign({ orders: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: {},
        failed: { on: { 'orders.retry': 'loading' } },
      },
    },
    addresses: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loadingAddresses'],
          invoke: {
            id: 'loadAddresses',
            src: 'loadAddresses',
            onDone: { target: 'ready', actions: assign({ addresses: ({ event }) => event.output, deletingId: null }) },
            onError: { target: 'failed', actions: assign({ deletingId: null }) },
          },
        },
        ready: {
          on: {
            'address.delete': {
              target: 'deleting',
              actions: assign({
                deletingId: ({ event }) => {
                  assertEvent(event, 'address.delete');
                  return event.id;
                },
              }),
            },
          },
        },
        deleting: {
          tags: ['deleting'],
          invoke: {
            id: 'deleteAddress',
            src: 'deleteAddress',
            input: ({ context }) => ({ id: context.deletingId! }),
            onDone: 'loading',
            onError: 'loading',
          },
        },
        failed: { on: { 'addresses.retry': 'loading' } },
      },
    },
    follow: {
      initial: 'idle',
      states: {
        idle: { on: { 'order.follow': { guard: 'isFollowableOrder', target: 'requesting' } } },
        requesting: {
          tags: ['following'],
          invoke: {
            id: 'followOrder',
            src: 'followOrder',
            input: ({ event }) => {
              assertEvent(event, 'order.follow');
              return { id: event.id };
            },
            onDone: { target: 'idle', actions: { type: 'openTracking', params: ({ event }) => ({ path: event.output }) } },
            onError: 'failed',
          },
        },
        failed: { on: { 'order.follow': { guard: 'isFollowableOrder', target: 'requesting' } } },
      },
    },
  },
});

export type AccountSnapshot = SnapshotFrom<typeof accountMachine>;

function orderView(order: AccountOrder, send: (event: AccountEvent) => void, isFollowing: boolean) {
  const isDiscounted = order.originalCents !== order.totalCents;
  return {
    id: order.id,
    title: `Ordine n. ${order.orderNum}`,
    // 18/11/2026 (SPEC §9: dd/MM/yyyy): the order's own calendar day, in the shop's time.
    deliveryDate: formatShopDate(order.deliveryAt),
    lines: order.lines.map((line, index) => ({
      key: `${order.id}-${index}`,
      name: line.name,
      qty: line.qty,
      variantAndAdditions: [line.variantName, ...line.additions.map((name) => `+ ${name}`)].filter(Boolean).join(', '),
      unitPrice: formatEuro(line.unitCents),
      lineTotal: formatEuro(line.totalCents),
    })),
    total: formatEuro(order.totalCents),
    /** struck through next to the total when it differs */
    originalPrice: isDiscounted ? formatEuro(order.originalCents) : null,
    discount: order.discountCode ? { code: order.discountCode, discountedPrice: formatEuro(order.totalCents) } : null,
    /** where a followable order is ('Ricevuto' … 'Consegnato'), and its 'Segui il tuo ordine' */
    progress: order.followable ? ORDER_PROGRESS_LABELS[order.progress] : null,
    followButton: order.followable
      ? {
          'aria-label': `${ACCOUNT_TEXTS.follow}: ordine n. ${order.orderNum}`,
          isDisabled: isFollowing,
          onPress: () => send({ type: 'order.follow', id: order.id }),
        }
      : null,
    reorderButton: {
      'aria-label': `${ACCOUNT_TEXTS.reorder}: ordine n. ${order.orderNum}`,
      onPress: () => send({ type: 'order.reorder', id: order.id }),
    },
  };
}

/** The account page: the order history, the addresses with 'Elimina', the loyalty card. */
export function connectAccount(snapshot: AccountSnapshot, send: (event: AccountEvent) => void) {
  const { orders, addresses, deletingId, reorderNotices } = snapshot.context;
  const isFollowing = snapshot.hasTag('following');
  const ordersLoading = snapshot.hasTag('loadingOrders');
  const ordersFailed = snapshot.matches({ orders: 'failed' });
  const addressesBusy = snapshot.hasTag('loadingAddresses') || snapshot.hasTag('deleting');
  const addressesFailed = snapshot.matches({ addresses: 'failed' });
  return {
    texts: ACCOUNT_TEXTS,
    orders: {
      isLoading: ordersLoading,
      items: orders.map((order) => orderView(order, send, isFollowing)),
      followFailure: snapshot.matches({ follow: 'failed' }) ? ACCOUNT_TEXTS.followFailed : null,
      /** after 'Ordina di nuovo': what went into the cart, and each line no longer sold */
      reorderNotices,
      emptyMessage: !ordersLoading && !ordersFailed && orders.length === 0 ? ACCOUNT_TEXTS.noOrders : null,
      failure: ordersFailed
        ? { message: ACCOUNT_TEXTS.ordersFailed, retryButton: { onPress: () => send({ type: 'orders.retry' }) } }
        : null,
    },
    addresses: {
      isLoading: addressesBusy,
      items: addresses.map((address) => ({
        ...address,
        deleteButton: {
          isDisabled: addressesBusy,
          'aria-label': `${ACCOUNT_TEXTS.delete} ${address.name}`,
          onPress: () => send({ type: 'address.delete', id: address.id }),
        },
        isDeleting: deletingId === address.id,
      })),
      emptyMessage: !addressesBusy && !addressesFailed && addresses.length === 0 ? ACCOUNT_TEXTS.noAddresses : null,
      failure: addressesFailed
        ? { message: ACCOUNT_TEXTS.addressesFailed, retryButton: { onPress: () => send({ type: 'addresses.retry' }) } }
        : null,
    },
  };
}

export type AccountView = ReturnType<typeof connectAccount>;
