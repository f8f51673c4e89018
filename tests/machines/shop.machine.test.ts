import { describe, expect, it } from 'vitest';
import { shopMachine } from '../../machines/shop.machine';
import { expectFullCoverage } from './expectCoverage';
import { generatePaths, replayPath } from './pathCoverage';
import { shopEntry, webapp } from './registry';

const paths = generatePaths(shopMachine, shopEntry);

const EMPTY = { categories: [], products: [], zones: [], closed: false, clientMessage: null, settings: null };
const LOADED = {
  categories: webapp.categories,
  products: webapp.products,
  zones: webapp.zones,
  closed: webapp.closed,
  clientMessage: webapp.client_message,
  settings: webapp.settings,
};

describe('shop machine: path coverage', () => {
  it('reaches every state node and takes every transition', async () => {
    await expectFullCoverage(shopMachine, paths);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    let loads = 0;
    const result = await replayPath(shopMachine, path, {
      assertInvariant: (snapshot, { step, previous, invocations }) => {
        // One GET /api/v1/ecommerce/webapp per visit to `loading`, none while ready.
        if (snapshot.matches('loading') && !previous?.matches('loading')) loads++;
        expect(invocations.length).toBe(loads);
        expect(invocations.filter((i) => i.outcome === 'pending').length).toBe(snapshot.matches('loading') ? 1 : 0);
        // The menu is either what the server sent or, after a failure, empty (and not closed).
        expect([EMPTY, LOADED]).toContainEqual(snapshot.context);
        if (step.event.type.startsWith('xstate.error.actor.')) expect(snapshot.context).toEqual(EMPTY);
        if (step.event.type.startsWith('xstate.done.actor.')) expect(snapshot.context).toEqual(LOADED);
      },
    });
    expect(result.snapshots[0]!.context).toEqual(EMPTY);
  });
});
