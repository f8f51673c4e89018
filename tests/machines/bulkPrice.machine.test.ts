import { expect } from 'vitest';
import { bulkPriceMachine, connectBulkPrice, type BulkPriceEvent } from '../../machines/bulkPrice.machine';
import { bulkLines, bulkPriceEntry, STALE } from './admin.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';

const { done: doneOf, error: errorOf } = internalEvents(bulkPriceMachine);

describePathCoverage('bulk price machine: path coverage', bulkPriceEntry, async (path) => {
  await replayEntryPath(bulkPriceEntry, path, {
    assertInvariant: (snapshot, { step, previous, invocations }) => {
      const sent: BulkPriceEvent[] = [];
      const view = connectBulkPrice(snapshot, (event) => sent.push(event));
      const type = step.event.type;
      const { context } = snapshot;

      // Old → new prices show only for the choice they were computed for.
      if (['category.toggle', 'mode.select', 'amount.change'].includes(type)) {
        expect(snapshot.value).toBe('choosing');
        expect(view.lines).toEqual([]);
        expect(view.notice).toBeNull();
      }
      if (snapshot.matches('previewing')) {
        expect(invocations.at(-1)?.input).toEqual({ categoryIds: context.categoryIds, mode: context.mode, amount: context.amount });
        expect(view.previewButton).toMatchObject({ label: 'Calcolo...', isDisabled: true });
      }
      if (snapshot.matches('applying')) {
        // The apply names exactly the previewed products and versions.
        expect((invocations.at(-1)?.input as { lines: unknown }).lines).toEqual(bulkLines);
      }
      if (type === doneOf('previewPrices')) {
        const outcome = (step.event as { output: { kind: string } }).output;
        if (outcome.kind === 'preview') {
          expect(view.lines).toEqual(bulkLines);
          // The button names the change: the paths type '5' in either mode, or nothing.
          const action = context.amount === '' ? 'Applica' : context.mode === 'euro' ? 'Aumenta di 5,00 €' : 'Aumenta del 5 %';
          expect(view.applyButton?.label).toBe(`${action} (2 prodotti)`);
        } else {
          expect(view.amount.errors).toEqual(['Variazione è obbligatoria.']);
          expect(view.applyButton).toBeNull();
        }
      }
      if (type === doneOf('applyPrices')) {
        const outcome = (step.event as { output: { kind: string } }).output;
        expect(view.notice).toEqual(
          outcome.kind === 'applied' ? { tone: 'success', message: 'Prezzi aggiornati: 2 prodotti.' } : { tone: 'error', message: STALE },
        );
        // Stale: nothing was written, the old preview is gone.
        if (outcome.kind === 'stale') expect(view.lines).toEqual([]);
      }
      if (type === errorOf('applyPrices')) {
        expect(snapshot.value).toBe('previewed');
        expect(view.lines).toEqual(previous!.context.lines);
        expect(view.notice?.message).toBe('Non è stato possibile completare l’operazione. Riprova.');
      }
      view.previewButton.onPress();
      expect(sent).toEqual([{ type: 'preview.request' }]);
    },
  });
});
