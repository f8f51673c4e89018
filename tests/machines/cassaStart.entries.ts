import type { AnyStateMachine } from 'xstate';
import { cassaCatalogFromWire, cassaDayFromWire } from '../../src/api/cassaActors';
import { cassaStartMachine, type OfflineCopy } from '../../machines/cassaStart.machine';
import { cassaDay, cassaInit, onlinePickup, phoneOrder } from '../mocks/cassa.fixtures';
import { internalEvents } from './pathCoverage';
import type { MachineEntry } from './registry';

const defineEntry = <T extends AnyStateMachine>(entry: MachineEntry<T>): MachineEntry<T> => entry;
const { now: _clock, ...keptCatalog } = cassaCatalogFromWire(cassaInit);

/** The copy a cassa kept at 20:41 in Rome (19:41 UTC in November). */
export const keptCopy: OfflineCopy = {
  day: { ...cassaDayFromWire(cassaDay([phoneOrder, onlinePickup])), savedAt: '2026-11-27T19:41:00.000Z' },
  catalog: keptCatalog,
};

const startEvents = internalEvents(cassaStartMachine);
export const cassaStartEntry = defineEntry({
  name: 'cassaStart',
  machine: cassaStartMachine,
  events: [
    { type: startEvents.done('readCopy'), output: keptCopy },
    { type: startEvents.done('readCopy'), output: null },
    // No IndexedDB (a private window).
    { type: startEvents.error('readCopy'), error: new DOMException('IndexedDB non disponibile', 'InvalidStateError') },
    { type: startEvents.done('probeServer'), output: undefined },
    { type: startEvents.error('probeServer'), error: new TypeError('Failed to fetch') },
    { type: 'start.retry' },
    { type: startEvents.after('cassaStart.start.unavailable', 'START_RETRY') },
    { type: 'update.ready' },
    { type: 'update.apply' },
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, hasCopy: s.context.copy !== null }),
});
