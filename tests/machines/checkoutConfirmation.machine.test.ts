import { expect } from 'vitest';
import {
  checkoutConfirmationMachine,
  connectCheckoutConfirmation,
  type CheckoutConfirmationEvent,
} from '../../machines/checkoutConfirmation.machine';
import { checkoutConfirmationEntry, placedOrders } from './checkout.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';

const { error: errorOf } = internalEvents(checkoutConfirmationMachine);

describePathCoverage('checkout confirmation machine: path coverage', checkoutConfirmationEntry, async (path) => {
  const result = await replayEntryPath(checkoutConfirmationEntry, path, {
    assertInvariant: (snapshot, { step }) => {
      const sent: CheckoutConfirmationEvent[] = [];
      const view = connectCheckoutConfirmation(snapshot, (event) => sent.push(event));
      const { orderId, order } = snapshot.context;
      // Only the customer's own order the URL names ever shows; anything else points to the account page.
      if (order) expect(order).toEqual(placedOrders.get(orderId));
      expect(view.details !== null).toBe(snapshot.matches('shown'));
      expect(view.accountHint !== null).toBe(snapshot.matches('unavailable'));
      if (orderId === 41 && view.details) {
        expect(view.details).toEqual({
          number: 'Ordine n. 7',
          time: 'Consegna prevista alle 20:30',
          total: 'Totale: 23,20 €',
          fee: 'Costo di consegna compreso: 2,50 €',
          payment: 'Da pagare alla consegna in contanti',
          place: 'Via Marmorata 12, Testaccio',
          allergy: 'Allergie o intolleranze: frutta a guscio',
        });
      }
      if (orderId === 42 && view.details) {
        expect(view.details).toMatchObject({ time: 'Ritiro alle 19:15', place: 'Ritiro in pizzeria', fee: null, allergy: null });
        expect(view.details.payment).toBe('Da pagare al ritiro in contanti');
      }
      if (step.event.type === errorOf('loadPlacedOrder')) {
        view.failure!.retryButton.onPress();
        expect(sent).toEqual([{ type: 'order.retry' }]);
      }
    },
  });
  // No request for an id no order can have.
  const { orderId } = path.input!;
  if (!Number.isInteger(orderId) || orderId < 1) expect(result.invocations).toEqual([]);
});
