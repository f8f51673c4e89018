import { expect } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { cassaStartMachine, connectCassaStart, UNAVAILABLE_MESSAGE, type CassaStartEvent } from '../../machines/cassaStart.machine';
import { cassaStartEntry, keptCopy } from './cassaStart.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';

const { error: errorOf } = internalEvents(cassaStartMachine);

describePathCoverage("cassa's start (offline copy, new version) machine: path coverage", cassaStartEntry, async (path) => {
  // What the machine tells the service worker's actor.
  const toWorker: unknown[] = [];
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.event' && (e.actorRef as AnyActorRef).id === 'worker' && !e.event.type.startsWith('xstate.'))
      toWorker.push(e.event);
  };
  await replayEntryPath(cassaStartEntry, path, {
    inspect,
    assertInvariant: (snapshot, { step, invocations }) => {
      const sent: CassaStartEvent[] = [];
      const view = connectCassaStart(snapshot, (event) => sent.push(event));
      // One of: a wait, the screen, or why it cannot open.
      expect([view.isLoading, view.isOpen, view.unavailable !== null].filter(Boolean)).toHaveLength(1);
      // The screen starts on the copy only when the server could not be reached.
      const probe = invocations.filter((i) => i.src === 'probeServer').at(-1)?.outcome;
      if (view.copy) expect([view.copy, probe]).toEqual([keptCopy, 'rejected']);
      if (view.isOpen && !view.copy) expect(probe).toBe('resolved');
      if (step.event.type === errorOf('probeServer')) expect(view.isOpen).toBe(snapshot.context.copy !== null);
      if (view.unavailable) {
        expect(view.unavailable.message).toBe(UNAVAILABLE_MESSAGE);
        view.unavailable.retryButton.onPress();
        expect(sent.at(-1)).toEqual({ type: 'start.retry' });
      }
      // The new version is offered, never forced: the page reloads only after 'ricarica'.
      if (view.update) {
        expect(`${view.update.message} ${view.update.reloadButton.label}`).toBe('Nuova versione disponibile: ricarica');
        view.update.reloadButton.onPress();
        expect(sent.at(-1)).toEqual({ type: 'update.apply' });
      }
      expect(toWorker).toEqual(snapshot.matches({ update: 'applying' }) ? [{ type: 'worker.activate' }] : []);
    },
  });
});
