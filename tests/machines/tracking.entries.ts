import type { AnyStateMachine } from 'xstate';
import { orderTrackingMachine, type TrackingLookup } from '../../machines/orderTracking.machine';
import { trackedOrderFromWire } from '../../src/api/trackingActors';
import { deliveredOrder, lateOrder, preparingOrder, TRACKING_TOKEN } from '../mocks/trackingFixtures';
import { internalEvents, invokeInput } from './pathCoverage';
import type { MachineEntry } from './registry';

const defineEntry = <T extends AnyStateMachine>(entry: MachineEntry<T>): MachineEntry<T> => entry;
const found = (wire: typeof preparingOrder): TrackingLookup => ({ found: true, order: trackedOrderFromWire(wire) });

/** What a read of the order may answer, by token: the order as it moves on (to closed), or a token that opens none. */
export const trackingAnswers: Record<string, readonly TrackingLookup[]> = {
  [TRACKING_TOKEN]: [found(preparingOrder), found(lateOrder), found(deliveredOrder)],
  'wrong-token': [{ found: false }],
};

const trackingEvents = internalEvents(orderTrackingMachine);
export const orderTrackingEntry = defineEntry({
  name: 'orderTracking',
  machine: orderTrackingMachine,
  // The link from the e-mail, and a wrong (or expired) one.
  inputs: [{ token: TRACKING_TOKEN }, { token: 'wrong-token' }],
  maxSimplePathStates: 0,
  events: [
    { type: 'stream.opened' },
    { type: 'stream.changed' },
    { type: 'stream.lost' },
    (snapshot) => {
      const input = invokeInput<{ token: string }>(snapshot, trackingEvents.invokeId('loadOrder'));
      return input ? (trackingAnswers[input.token] ?? []).map((output) => ({ type: trackingEvents.done('loadOrder'), output })) : null;
    },
    { type: trackingEvents.error('loadOrder'), error: new TypeError('Failed to fetch') },
    { type: trackingEvents.error('followOrder'), error: new ReferenceError('EventSource is not defined') },
    { type: trackingEvents.after('orderTracking.following.stream.fallback') },
    { type: trackingEvents.after('orderTracking.following.order.failed') },
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, status: s.status, progress: s.context.order?.progress ?? null }),
});
