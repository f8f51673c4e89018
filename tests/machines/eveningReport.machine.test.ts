import { expect } from 'vitest';
import { connectEveningReport, eveningReportMachine, type EveningReportEvent } from '../../machines/eveningReport.machine';
import { busyEvening, emptyEvening, eveningReportEntry } from './reports.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';

const { done: doneOf, error: errorOf } = internalEvents(eveningReportMachine);

describePathCoverage('evening report machine: path coverage', eveningReportEntry, async (path) => {
  const result = await replayEntryPath(eveningReportEntry, path, {
    assertInvariant: (snapshot, { step, previous, invocations }) => {
      const sent: EveningReportEvent[] = [];
      const view = connectEveningReport(snapshot, (event) => sent.push(event));
      const { context } = snapshot;
      const type = step.event.type;

      // While loading it asks for the day picked (null: the server's today), and shows no figures of another day.
      expect(view.isLoading).toBe(snapshot.matches('loading'));
      if (view.isLoading) {
        expect(invocations.at(-1)).toMatchObject({ src: 'loadEveningSummary', input: { day: context.day }, outcome: 'pending' });
        expect(view.summary).toBeNull();
      }
      if (type === 'day.change') {
        expect(view.shownDay).toBeNull();
        // Another day while one loads: the older request is stopped (its fetch aborted), never shown.
        if (previous!.hasTag('loading')) expect(invocations.at(-2)?.outcome).toBe('stopped');
      }
      expect(view.dayField.value).toBe(context.day ?? '');

      if (type === doneOf('loadEveningSummary')) {
        const answer = (step.event as unknown as { output: typeof busyEvening }).output;
        expect(view.shownDay).toBe(answer.day);
        if (answer === emptyEvening) {
          expect(view.emptyMessage).toBe('Nessun ordine in questo giorno.');
          expect(view.summary).toBeNull();
        } else {
          expect(view.summary).toEqual(busyEvening);
          expect(view.emptyMessage).toBeNull();
        }
      }
      if (type === errorOf('loadEveningSummary')) {
        expect(view.failure?.message).toBe('Non è stato possibile caricare il riepilogo.');
        view.failure!.retryButton.onPress();
        expect(sent).toEqual([{ type: 'report.retry' }]);
      }
      expect(view.failure !== null).toBe(snapshot.matches('failed'));

      // Picking a day, and emptying the field (today again).
      view.dayField.onChange('2026-11-17');
      view.dayField.onChange('');
      expect(sent.slice(-2)).toEqual([
        { type: 'day.change', day: '2026-11-17' },
        { type: 'day.change', day: null },
      ]);
    },
  });
  expect(result.snapshots.length).toBeGreaterThan(0);
});
