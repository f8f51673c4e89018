import { expect } from 'vitest';
import { connectRecordEditor, isDirty, LEAVE_QUESTION, type RecordEditorEvent } from '../../machines/recordEditor.machine';
import { BOOKED, currentProduct, loadedProduct, recordEditorEntry, STALE } from './admin.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { recordEditorMachine } from '../../machines/recordEditor.machine';

const { done: doneOf, error: errorOf } = internalEvents(recordEditorMachine);

describePathCoverage('record editor machine: path coverage', recordEditorEntry, async (path) => {
  await replayEntryPath(recordEditorEntry, path, {
    assertInvariant: (snapshot, { step, previous }) => {
      const sent: RecordEditorEvent[] = [];
      const view = connectRecordEditor(snapshot, (event) => sent.push(event));
      const { context } = snapshot;
      const type = step.event.type;

      // The price field always shows the draft; 'Salva' only when there is something to save.
      expect(view.field('price').value).toBe(context.draft.price);
      expect(view.isDirty).toBe(isDirty(context));
      expect(view.saveButton.label).toBe(snapshot.matches('saving') ? 'Salvataggio...' : 'Salva');
      expect(view.saveButton.isDisabled).toBe(snapshot.matches('saving') || !(context.id === null || view.isDirty));

      if (type === doneOf('loadRecord')) expect(view.values).toEqual(loadedProduct.values);
      if (type === errorOf('loadRecord')) {
        expect(view.loadFailure?.message).toBe('Non è stato possibile caricare i dati.');
        view.loadFailure!.retryButton.onPress();
        expect(sent).toEqual([{ type: 'record.retry' }]);
      }
      if (type === doneOf('saveRecord')) {
        const outcome = (step.event as { output: { kind: string } }).output;
        if (outcome.kind === 'saved') expect(view.notice).toEqual({ tone: 'success', message: 'Modifiche salvate.' });
        if (outcome.kind === 'invalid') {
          expect(view.field('price').errors).toEqual(['Prezzo è obbligatorio.']);
          // What was typed stays, so it can be corrected.
          expect(view.values).toEqual(previous!.context.draft);
        }
        if (outcome.kind === 'stale') {
          // Someone saved first: their values are shown, and the next save is based on their version.
          expect(view.notice).toEqual({ tone: 'error', message: STALE });
          expect(view.values).toEqual(currentProduct.values);
          expect(context.version).toBe(currentProduct.version);
          expect(view.isDirty).toBe(false);
        }
        if (outcome.kind === 'confirm') {
          // Nothing was written: the question and its orders are shown, the changes stay.
          expect(view.confirmation?.message).toBe(BOOKED);
          expect(view.confirmation?.details).toEqual(['N. 12 · 24/12/2026 20:00 · Mario Rossi']);
          expect(view.values).toEqual(previous!.context.draft);
          view.confirmation!.confirmButton.onPress();
          view.confirmation!.cancelButton.onPress();
          expect(sent).toEqual([{ type: 'save.confirm' }, { type: 'save.cancel' }]);
        }
        expect(view.isSaving).toBe(false);
      }
      // The confirmed save says so; any other save asks again.
      if (snapshot.matches('saving')) {
        expect(context.confirmed).toBe(type === 'save.confirm' || (type === 'record.retry' && previous!.context.confirmed));
      }
      expect(view.confirmation !== null).toBe(snapshot.matches({ open: 'confirming' }));
      if (type === errorOf('saveRecord')) {
        expect(view.notice?.message).toBe('Non è stato possibile salvare le modifiche. Riprova.');
        // A failed save keeps the changes.
        expect(view.values).toEqual(previous!.context.draft);
        expect(view.retrySaveButton).not.toBeNull();
      }
      if (type === 'field.change' && previous!.matches('open')) {
        // Typing clears the notice of the last save.
        expect(view.notice).toBeNull();
      }
      if (type === 'leave.request' && previous!.matches('open')) {
        expect(snapshot.value).toBe(isDirty(previous!.context) ? 'confirmingLeave' : 'left');
      }
      expect(view.leave.confirmation?.question ?? null).toBe(snapshot.matches('confirmingLeave') ? LEAVE_QUESTION : null);
      expect(view.hasLeft).toBe(snapshot.matches('left'));
      // A discard brings back the saved values.
      if (type === 'record.discard' && previous!.matches('open')) expect(view.values).toEqual(context.saved);
    },
  });
});
