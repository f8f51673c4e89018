import { fromPromise } from 'xstate';
import type { accountMachine, AccountOrder, SavedAddress } from '../../machines/account.machine';
import { toCents } from '../domain/money';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';

/** An order of the history as the account page uses it: euros from the wire become cents here. */
export function accountOrderFromWire(order: Schemas['AccountOrder']): AccountOrder {
  return {
    id: order.id,
    orderNum: order.order_num,
    deliveryAt: order.delivery_at,
    progress: order.progress,
    followable: order.followable,
    originalCents: toCents(order.original_price),
    totalCents: toCents(order.total_price),
    discountCode: order.discount_code ?? null,
    lines: order.products.map((line) => ({
      productId: line.product.id ?? null,
      // variant_id 0 is 'no dough chosen'
      variantId: line.variant?.id ?? null,
      name: line.product.name,
      qty: line.qty,
      variantName: line.variant?.name ?? null,
      additions: line.additions.map((addition) => addition.product.name),
      unitCents: toCents(line.price),
      totalCents: toCents(line.final_price),
    })),
  };
}

const savedAddress = ({ id, name, address, telephone }: Schemas['Address']): SavedAddress => ({ id, name, address, telephone });

/** The account page's I/O: the customer's own orders and addresses. */
export function createAccountActors(api: ApiClient) {
  return {
    loadOrders: fromPromise<AccountOrder[]>(async () =>
      unwrap(await api.GET('/api/v1/ecommerce/account/orders')).orders.data.map(accountOrderFromWire),
    ),
    loadAddresses: fromPromise<SavedAddress[]>(async () =>
      unwrap(await api.GET('/api/v1/ecommerce/addresses/all')).addresses.map(savedAddress),
    ),
    // Already gone (404, deleted in another tab) is what the user wanted: the list reloads either way.
    deleteAddress: fromPromise<void, { id: number }>(async ({ input }) => {
      answer(await api.DELETE('/api/v1/ecommerce/addresses/delete/{id}', { params: { path: { id: input.id } } }), [404], () => null);
    }),
    followOrder: fromPromise<string, { id: number }>(
      async ({ input }) =>
        unwrap(await api.POST('/api/v1/ecommerce/account/orders/{id}/tracking', { params: { path: { id: input.id } } })).tracking_url,
    ),
  } satisfies ActorsOf<typeof accountMachine>;
}
