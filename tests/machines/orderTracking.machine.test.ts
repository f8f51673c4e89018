import { expect } from 'vitest';
import { connectOrderTracking, type TrackingLookup } from '../../machines/orderTracking.machine';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { orderTrackingEntry } from './tracking.entries';
import { orderTrackingMachine } from '../../machines/orderTracking.machine';

const { done: doneOf } = internalEvents(orderTrackingMachine);

describePathCoverage('order tracking machine: path coverage', orderTrackingEntry, async (path) => {
  await replayEntryPath(orderTrackingEntry, path, {
    assertInvariant: (snapshot, { step, invocations }) => {
      const view = connectOrderTracking(snapshot);
      const { order } = snapshot.context;
      const following = snapshot.matches('following');
      // One stream at most, only while the order can still change, and one while live.
      const streams = invocations.filter((i) => i.src === 'followOrder' && i.outcome === 'pending').length;
      expect(streams).toBeLessThanOrEqual(following ? 1 : 0);
      if (snapshot.hasTag('live')) expect(streams).toBe(1);
      // A closed order is shown closed; a token that opens none shows nothing of an order.
      expect(snapshot.matches('closed')).toBe(order?.closed === true);
      if (snapshot.matches('notFound')) expect(view).toMatchObject({ notFound: 'Ordine non trovato.', notice: null });
      else expect(view.notFound).toBeNull();
      if (step.event.type === doneOf('loadOrder') && !(step.event as { output: TrackingLookup }).output.found)
        expect(snapshot.matches('notFound')).toBe(true);
      // The pause is told while the stream is down or a read failed, never once the order is over.
      const down = snapshot.matches({ following: { stream: 'fallback' } }) || snapshot.matches({ following: { order: 'failed' } });
      expect(view.notice).toBe(down ? 'Aggiornamento automatico sospeso: riprovo tra poco.' : null);
      // The loading line only before the first answer.
      expect(view.isLoading).toBe(order === null && snapshot.matches({ following: { order: 'reading' } }));
      if (view.order) {
        expect(view.order.steps.filter((s) => s.isCurrent)).toHaveLength(1);
        expect(view.order.title).toBe('Ordine n. 12');
        expect(view.order.greeting).toBe('Ciao Anna, ecco il tuo ordine.');
        expect(view.order.total).toBe('Totale: 24,00 €');
        expect(view.order.delayText).toBe(order!.progress === 'preparing' ? null : 'In ritardo di 10 minuti: ci scusiamo.');
      }
    },
  });
});
