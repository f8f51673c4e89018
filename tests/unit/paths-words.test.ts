import { describe, expect, it } from 'vitest';
import { checkoutMachine } from '../../machines/checkout.machine';
import { checkoutEntry } from '../machines/checkout.entries';
import { shortestPaths } from '../machines/pathCoverage';
import { isIn, pathLines, statesNamed } from '../machines/pathWords';

describe('paths in words (npm run paths)', () => {
  it('finds a state by the end of its id, or else by a word of its description', () => {
    expect(statesNamed(checkoutMachine, 'address.ready').map((n) => n.id)).toEqual(['checkout.address.ready']);
    expect(statesNamed(checkoutMachine, 'placed').map((n) => n.id)).toEqual(['checkout.placed']);
    expect(statesNamed(checkoutMachine, 'confirmed').map((n) => n.id)).toEqual(['checkout.placed']);
    expect(statesNamed(checkoutMachine, 'nowhere')).toEqual([]);
  });

  it('tells the shortest walk to the confirmed checkout step by step', () => {
    const placed = statesNamed(checkoutMachine, 'confirmed');
    const walks = shortestPaths(checkoutMachine, checkoutEntry)
      .filter((p) => isIn(p.state, placed))
      .map(pathLines)
      .sort((a, b) => a.length - b.length);
    // The shortest from an empty checkout (not a reload at step 6) walks every step.
    expect(walks.find((lines) => lines[1]!.includes('step: 1'))).toEqual([
      'start (input zones: [11 items], createKey: fn) → checkout.starting',
      'send checkout.restore (step: 1, form: {"tipoConsegna":null,"addressSelector":…, idempotencyKey: null) → checkout.account',
      'send session.changed (hasUser: true) → checkout.delivery',
      'send delivery.select (delivery: "consegna") → checkout.delivery',
      'send step.next → checkout.address.loading',
      'loadAddresses answers [2 items] → checkout.address.ready',
      'send address.select (id: 11) → checkout.details.loading',
      'send field.change (field: "fascia", value: "19:15") → checkout.details.loading',
      'loadTimeslots answers [2 items] → checkout.details.ready',
      'send step.next → checkout.upsell.loading',
      'send step.next → checkout.summary.idle',
      'send order.confirm → checkout.summary.submitting',
      'placeOrder answers (ok: true, message: "Ordine confermato con successo!", orderId: 41, trackingPath: "/ordine/tok_41") → checkout.placed',
    ]);
  });
});
