/** useScreenActor: a screen's actor joins the app's actor system, in StrictMode as in production. */
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { enqueueActions, setup, type AnyActorRef } from 'xstate';
import { getAppActor } from '../../machines/app.machine';
import { AppActorsProvider, useScreenActor } from '../../src/actors/AppActors';
import { createAppActors } from '../../src/app/createAppActors';
import { admin } from '../mocks/fixtures';
import { API_BASE_URL } from '../mocks/handlers';
import { fakeEffects } from './render';

/** A screen that asks the system's session who is in (guards see no system: an action reads it). */
const whoMachine = setup({
  types: { context: {} as { who: string }, events: {} as { type: 'who.check' } },
  actions: {
    readSession: enqueueActions(({ system, enqueue }) => {
      const user = getAppActor(system, 'session').getSnapshot().context.user;
      enqueue.assign({ who: user?.name ?? 'nessuno' });
    }),
  },
}).createMachine({ context: { who: '?' }, on: { 'who.check': { actions: 'readSession' } } });

let shown: AnyActorRef | null = null;
const rendered = new Set<AnyActorRef>();
function WhoScreen() {
  const actor = useScreenActor(whoMachine);
  shown = actor;
  rendered.add(actor);
  return <p>{actor.getSnapshot().context.who}</p>;
}

describe('useScreenActor', () => {
  it('runs the screen actor in the app system (StrictMode restarts it once), and stops it through the root on unmount', () => {
    const actors = createAppActors({ baseUrl: API_BASE_URL, effects: fakeEffects() });
    onTestFinished(() => actors.stop());
    const view = render(
      <StrictMode>
        <AppActorsProvider actors={actors}>
          <WhoScreen />
        </AppActorsProvider>
      </StrictMode>,
    );
    // StrictMode's trial unmount stopped the first actor: the screen renders the second, running, in the root's system.
    const running = shown!;
    expect(running.getSnapshot().status).toBe('active');
    expect(running.system).toBe(actors.root.system);
    expect([...rendered].map((actor) => actor.getSnapshot().status)).toEqual(['stopped', 'active']);

    act(() => actors.session.send({ type: 'session.login', user: admin }));
    act(() => running.send({ type: 'who.check' }));
    expect(running.getSnapshot().context.who).toBe(admin.name);
    view.rerender(
      <StrictMode>
        <AppActorsProvider actors={actors}>
          <WhoScreen />
        </AppActorsProvider>
      </StrictMode>,
    );
    expect(screen.getByText(admin.name)).toBeTruthy();

    view.unmount();
    expect(running.getSnapshot().status).toBe('stopped');
  });
});
