import { expect } from 'vitest';
import { connectRecordList, recordListMachine, type RecordListEvent } from '../../machines/recordList.machine';
import { listRows, recordListEntry, STALE, type ProductRow } from './admin.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';

const { done: doneOf, error: errorOf } = internalEvents(recordListMachine);

describePathCoverage('record list machine: path coverage', recordListEntry, async (path) => {
  const result = await replayEntryPath(recordListEntry, path, {
    assertInvariant: (snapshot, { step, previous, invocations }) => {
      const sent: RecordListEvent[] = [];
      const view = connectRecordList<ProductRow>(snapshot, (event) => sent.push(event));
      const { context } = snapshot;
      const type = step.event.type;

      // The search filters what is shown, never what is held.
      const expected = context.search ? context.rows.filter((r) => r.searchText.toLowerCase().includes(context.search)) : context.rows;
      expect(view.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      if (context.search === 'diav' && context.rows.length > 0) expect(view.rows.map((r) => r.name)).toEqual(['Diavola']);

      if (snapshot.matches('running')) {
        // The action names the row's version, so the server can refuse a stale one.
        const version = context.rows.find((r) => r.id === 2)!.version;
        expect(invocations.at(-1)?.input).toEqual({ id: 2, action: 'soldOut.set', payload: true, version });
        expect(view.isPending(2)).toBe(true);
      } else {
        expect(view.isPending(2)).toBe(false);
      }
      if (type === 'row.action' && (step.event as { id: number }).id === 404) expect(snapshot.value).toBe(previous!.value);
      if (type === doneOf('runRowAction')) {
        const outcome = (step.event as { output: { kind: string; message?: string } }).output;
        // A refusal says why (an error); a done action says what it did, if it says anything (a success).
        expect(view.message).toBe(outcome.kind === 'refused' ? STALE : (outcome.message ?? null));
        if (view.message) expect(view.messageTone).toBe(outcome.kind === 'refused' ? 'error' : 'success');
        // Either way the list is the server's as it is now.
        expect(view.rows.find((r) => r.id === 2)?.version).toBe(outcome.kind === 'refused' ? 5 : 1);
      }
      if (type === errorOf('runRowAction')) {
        expect(view.message).toBe('Operazione non riuscita. Riprova.');
        expect(view.messageTone).toBe('error');
        expect(context.rows).toEqual(previous!.context.rows);
      }
      if (type === errorOf('loadList')) {
        expect(view.failure?.message).toBe('Non è stato possibile caricare l’elenco.');
        view.failure!.retryButton.onPress();
        expect(sent).toEqual([{ type: 'list.retry' }]);
      }
      if (type === doneOf('loadList')) expect(context.rows).toEqual(listRows);
      expect(view.isLoading).toBe(snapshot.matches('loading'));
    },
  });
  expect(result.snapshots.length).toBeGreaterThan(0);
});
