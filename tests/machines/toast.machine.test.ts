import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectToast, DEFAULT_ERROR, toastMachine, type ToastEvent } from '../../machines/toast.machine';
import { expectFullCoverage, replayEntryPath } from './expectCoverage';
import { generatePaths, internalEvents, machineGraphFacts } from './pathCoverage';
import { toastEntry } from './registry';

const paths = generatePaths(toastMachine, toastEntry);
const AFTER_TOAST = internalEvents(toastMachine).after('toast.visible', 'TOAST');

describe('toast machine: path coverage', () => {
  it('reads its delayed transition from the definition', () => {
    const facts = machineGraphFacts(toastMachine);
    expect(facts.states).toEqual(['toast', 'toast.hidden', 'toast.visible']);
    expect(facts.transitions.map((t) => t.key)).toContain(`toast.visible —${AFTER_TOAST}→ toast.hidden`);
  });

  it('reaches every state node and takes every transition', async () => {
    await expectFullCoverage(toastEntry, paths);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    let shownAt = 0;
    await replayEntryPath(toastEntry, path, {
      assertInvariant: (snapshot, { step, now }) => {
        const sent: ToastEvent[] = [];
        const view = connectToast(snapshot, (event) => sent.push(event));
        // The region shows a message exactly while the toast is visible.
        expect(view.message === null).toBe(snapshot.matches('hidden'));
        const event = step.event as ToastEvent;
        // The server's message when there is one, 'Errore generico' when it is missing or empty.
        if (event.type === 'error.raise') {
          expect(view.message).toBe(event.message || DEFAULT_ERROR);
          shownAt = now;
        }
        // Gone by itself exactly 5 seconds after the last error was raised.
        if (step.event.type === AFTER_TOAST) expect(now - shownAt).toBe(5_000);
        // The close button dismisses.
        expect(view.closeButton['aria-label']).toBe('Chiudi avviso');
        view.closeButton.onPress();
        expect(sent).toEqual([{ type: 'toast.dismiss' }]);
      },
    });
  });
});

describe('toast machine: timing on real timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hides the toast 5 seconds after it appears', () => {
    vi.useFakeTimers();
    const toast = createActor(toastMachine).start();
    toast.send({ type: 'error.raise', message: 'Ordine non valido' });
    vi.advanceTimersByTime(4_999);
    expect(toast.getSnapshot().context.message).toBe('Ordine non valido');
    vi.advanceTimersByTime(1);
    expect(toast.getSnapshot().matches('hidden')).toBe(true);
    expect(toast.getSnapshot().context.message).toBeNull();
  });

  it('restarts the 5 seconds when a new error arrives, showing the new message', () => {
    vi.useFakeTimers();
    const toast = createActor(toastMachine).start();
    toast.send({ type: 'error.raise', message: 'Primo errore' });
    vi.advanceTimersByTime(4_000);
    toast.send({ type: 'error.raise' });
    expect(toast.getSnapshot().context.message).toBe(DEFAULT_ERROR);
    vi.advanceTimersByTime(4_999);
    expect(toast.getSnapshot().matches('visible')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toast.getSnapshot().matches('hidden')).toBe(true);
  });

  it('a dismissed toast does not let the old timer hide the next one early', () => {
    vi.useFakeTimers();
    const toast = createActor(toastMachine).start();
    toast.send({ type: 'error.raise', message: 'Primo' });
    vi.advanceTimersByTime(3_000);
    toast.send({ type: 'toast.dismiss' });
    toast.send({ type: 'error.raise', message: 'Secondo' });
    vi.advanceTimersByTime(2_500);
    expect(toast.getSnapshot().context.message).toBe('Secondo');
    vi.advanceTimersByTime(2_500);
    expect(toast.getSnapshot().matches('hidden')).toBe(true);
  });
});
