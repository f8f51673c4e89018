import { expect } from 'vitest';
import { connectSpecialDay, specialDayMachine, type SpecialDayEvent } from '../../machines/specialDay.machine';
import { BOOKED, bookedOrders, specialDayEntry } from './admin.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';

const events = internalEvents(specialDayMachine);

describePathCoverage('special day machine: path coverage', specialDayEntry, async (path) => {
  await replayEntryPath(specialDayEntry, path, {
    assertInvariant: (snapshot, { step, previous, invocations }) => {
      const sent: SpecialDayEvent[] = [];
      const view = connectSpecialDay(snapshot, (event) => sent.push(event));
      const type = step.event.type;
      const { context } = snapshot;

      // The first save never confirms; the one from the confirmation always does.
      if (snapshot.matches('saving')) {
        expect(invocations.at(-1)?.input).toEqual({ form: context.form, confirm: previous!.matches('confirming') });
      }
      expect(view.showsHours).toBe(!context.form.closed);

      const outcome = (step.event as { output?: { kind: string } }).output;
      if (type === events.done('saveSpecialDay')) {
        if (outcome?.kind === 'booked') {
          // The booked orders are listed before anything is written; they stay valid.
          expect(view.confirmation).toMatchObject({ message: BOOKED, orders: bookedOrders });
          view.confirmation!.confirmButton.onPress();
          view.confirmation!.cancelButton.onPress();
          expect(sent).toEqual([{ type: 'day.confirm' }, { type: 'day.cancel' }]);
        }
        if (outcome?.kind === 'saved') {
          expect(view.notice).toEqual({ tone: 'success', message: 'Giorno di chiusura salvato.' });
          expect(view.saves).toBe(previous!.context.saves + 1);
          expect(view.confirmation).toBeNull();
        }
        if (outcome?.kind === 'invalid') {
          expect(view.field('date_until').errors).toEqual(['Al non può precedere Dal.']);
          expect(view.notice?.tone).toBe('error');
        }
      }
      if (type === 'day.cancel' && previous!.matches('confirming')) {
        expect(snapshot.value).toBe('editing');
        expect(view.confirmation).toBeNull();
        expect(view.saves).toBe(previous!.context.saves);
      }
      if (type === events.error('saveSpecialDay')) {
        // A failed confirmed save keeps the list of orders on screen, with the failure.
        const shown = snapshot.matches('confirming') ? view.confirmation?.message : view.notice?.message;
        expect(shown).toBe('Non è stato possibile salvare. Riprova.');
        expect(snapshot.value).toBe(previous!.context.confirmed ? 'confirming' : 'editing');
      }
      expect(view.saveButton.isDisabled).toBe(snapshot.hasTag('busy'));
    },
  });
});
