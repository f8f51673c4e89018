import { expect } from 'vitest';
import { connectPeriodReport, periodReportMachine, type PeriodReportEvent } from '../../machines/periodReport.machine';
import { periodAnswer, periodReportEntry } from './reports.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';

const { done: doneOf, error: errorOf } = internalEvents(periodReportMachine);

describePathCoverage('period report machine: path coverage', periodReportEntry, async (path) => {
  const result = await replayEntryPath(periodReportEntry, path, {
    assertInvariant: (snapshot, { index, step, previous, invocations }) => {
      const sent: PeriodReportEvent[] = [];
      const view = connectPeriodReport(snapshot, (event) => sent.push(event));
      const { context } = snapshot;
      const type = step.event.type;

      // The first period is the month of today.
      if (index === 0) {
        expect(view.period).toEqual({ from: '2026-11-01', to: '2026-11-30' });
        expect(view.title).toBe('novembre 2026');
      }
      expect(view.kinds.filter((k) => k.isSelected).map((k) => k.kind)).toEqual([context.kind]);
      expect(context.from <= context.to).toBe(true);

      // While loading it asks for the period shown, never showing another period's figures.
      expect(view.isLoading).toBe(snapshot.matches('loading'));
      if (view.isLoading) {
        expect(invocations.at(-1)).toMatchObject({ src: 'loadPeriodReport', input: view.period, outcome: 'pending' });
        expect(view.report).toBeNull();
      }
      if (context.kind === 'week') expect(new Date(`${context.from}T12:00:00Z`).getUTCDay()).toBe(1);

      if (type === 'range.change' && context.range.from > context.range.to) {
        // From after to: said on the field, and the period shown stays as it was.
        expect(view.rangeFields.find((f) => f.field === 'from')?.errors).toEqual(['La data di inizio deve precedere quella di fine.']);
        expect(view.period).toEqual({ from: previous!.context.from, to: previous!.context.to });
        expect(snapshot.value).toBe(previous!.value);
      }
      // Another period while one loads stops the older request (its fetch aborted): never two at once.
      expect(invocations.filter((i) => i.outcome === 'pending').length).toBe(view.isLoading ? 1 : 0);
      if (type === 'period.shift') {
        const { from: before } = previous!.context;
        expect(context.to < before || context.from > previous!.context.to).toBe(true);
      }

      if (type === doneOf('loadPeriodReport')) {
        const answer = periodAnswer(view.period);
        if (answer.current.totals.orders === 0) {
          expect(view.emptyMessage).toBe('Nessun ordine in questo periodo.');
        } else {
          expect(view.report).toEqual(answer);
          // 28 orders beside October's 25.
          expect(view.change(view.report!.current.totals.orders, view.report!.previous.totals.orders)).toBe(
            context.kind === 'range' ? '+12 % sul periodo precedente' : '+12 % sul mese precedente',
          );
        }
      }
      if (type === errorOf('loadPeriodReport')) {
        expect(view.failure?.message).toBe('Non è stato possibile caricare l’andamento.');
        view.failure!.retryButton.onPress();
        expect(sent).toEqual([{ type: 'report.retry' }]);
      }
      expect(view.failure !== null).toBe(snapshot.matches('failed'));
      expect(view.rangeFields.length > 0).toBe(context.kind === 'range');
    },
  });
  expect(result.snapshots.length).toBeGreaterThan(0);
});
