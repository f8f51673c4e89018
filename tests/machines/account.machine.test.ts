import { expect, vi } from 'vitest';
import { accountMachine, connectAccount, type AccountEvent, type AccountOrder } from '../../machines/account.machine';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { accountEntry, accountOrdersInCents } from './auth.entries';

describePathCoverage('account machine: path coverage', accountEntry, async (path) => {
  const reorder = vi.fn((_: unknown, _params: { order: AccountOrder }) => {});
  const openTracking = vi.fn((_: unknown, _params: { path: string }) => {});
  let reordersBefore = 0;
  let opensBefore = 0;
  const result = await replayEntryPath(accountEntry, path, {
    machine: accountMachine.provide({ actions: { reorder, openTracking } }),
    assertInvariant: (snapshot, { invocations, step }) => {
      const sent: AccountEvent[] = [];
      const view = connectAccount(snapshot, (event) => sent.push(event));
      const { orders, addresses } = view;
      // Empty texts only for a list that loaded empty: never while loading, never after a failure.
      expect(orders.emptyMessage).toBe(
        snapshot.matches({ orders: 'ready' }) && orders.items.length === 0 ? 'Non hai ancora effettuato ordini.' : null,
      );
      expect(addresses.emptyMessage).toBe(
        snapshot.matches({ addresses: 'ready' }) && addresses.items.length === 0 ? 'Non hai ancora aggiunto indirizzi.' : null,
      );
      expect(orders.failure !== null).toBe(snapshot.matches({ orders: 'failed' }));
      expect(addresses.failure !== null).toBe(snapshot.matches({ addresses: 'failed' }));
      // While an address is deleted or the list reloads, no other 'Elimina' can be pressed.
      for (const item of addresses.items) expect(item.deleteButton.isDisabled).toBe(addresses.isLoading);
      if (snapshot.hasTag('deleting')) {
        const deleting = invocations.filter((i) => i.src === 'deleteAddress').at(-1);
        expect(deleting).toMatchObject({ input: { id: snapshot.context.deletingId }, outcome: 'pending' });
      }
      if (orders.items.length > 0) {
        // dd/MM/yyyy; the original price struck through only when it differs; the code and discounted price.
        expect(orders.items.map((o) => [o.deliveryDate, o.total, o.originalPrice, o.discount])).toEqual([
          ['18/11/2026', '20,40 €', '24,00 €', { code: 'RITIRO-IN-PIZZERIA', discountedPrice: '20,40 €' }],
          ['02/03/2026', '10,50 €', null, null],
        ]);
        expect(orders.items[0]!.lines[0]).toMatchObject({
          name: 'Margherita',
          qty: 2,
          variantAndAdditions: 'Integrale, + Bufala',
          unitPrice: '10,50 €',
          lineTotal: '21,00 €',
        });
        expect(orders.items.length).toBe(accountOrdersInCents.length);
      }
      // 'Ordina di nuovo' hands the cart the listed order itself; nothing for an order not listed.
      const { event } = step;
      if (event.type === 'order.reorder') {
        const listed = snapshot.context.orders.find((o) => o.id === (event as { id: number }).id);
        expect(reorder.mock.calls.length - reordersBefore).toBe(listed ? 1 : 0);
        if (listed) expect(reorder.mock.calls.at(-1)![1]).toEqual({ order: listed });
      }
      reordersBefore = reorder.mock.calls.length;
      // Today's order shows where it is and can be followed; March's closed one neither. The link opens once it comes.
      if (orders.items.length > 0) {
        expect(orders.items.map((o) => [o.progress, o.followButton !== null])).toEqual([
          ['Ritirato', true],
          [null, false],
        ]);
        expect(orders.items[0]!.followButton!.isDisabled).toBe(snapshot.hasTag('following'));
      }
      expect(openTracking.mock.calls.length - opensBefore).toBe(event.type === 'xstate.done.actor.followOrder' ? 1 : 0);
      if (event.type === 'xstate.done.actor.followOrder') expect(openTracking.mock.calls.at(-1)![1]).toEqual({ path: '/ordine/abc' });
      opensBefore = openTracking.mock.calls.length;
      expect(orders.followFailure).toBe(snapshot.matches({ follow: 'failed' }) ? 'Non è stato possibile aprire il tuo ordine.' : null);
      expect(orders.reorderNotices).toEqual(
        step.event.type === 'reorder.done' ? ['Aggiunto al carrello.', 'La Capricciosa non è più disponibile.'] : orders.reorderNotices,
      );
      addresses.items[0]?.deleteButton.onPress();
      orders.items[1]?.reorderButton.onPress();
      orders.items[0]?.followButton?.onPress();
      orders.failure?.retryButton.onPress();
      addresses.failure?.retryButton.onPress();
      expect(sent).toEqual([
        ...(addresses.items[0] ? [{ type: 'address.delete', id: addresses.items[0].id }] : []),
        ...(orders.items[1] ? [{ type: 'order.reorder', id: orders.items[1].id }] : []),
        ...(orders.items[0] ? [{ type: 'order.follow', id: orders.items[0].id }] : []),
        ...(orders.failure ? [{ type: 'orders.retry' }] : []),
        ...(addresses.failure ? [{ type: 'addresses.retry' }] : []),
      ]);
    },
  });
  // Every delete is followed by a reload of the list, whatever its answer.
  const kinds = result.invocations.map((i) => i.src);
  result.invocations.forEach(({ src, outcome }, i) => {
    if (src === 'deleteAddress' && (outcome === 'resolved' || outcome === 'rejected'))
      expect(kinds.slice(i + 1)).toContain('loadAddresses');
  });
});
