import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { pageReloadMachine } from '../../machines/pageReload.machine';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { pageReloadEntry } from './registry';

const MINUTE = 60_000;

function fakes() {
  const reloadPage = vi.fn();
  return { reloadPage, machine: pageReloadMachine.provide({ actions: { reloadPage } }) };
}

describePathCoverage('page reload machine: path coverage', pageReloadEntry, async (path) => {
  const { reloadPage, machine } = fakes();
  let countingSince = 0;
  await replayEntryPath(pageReloadEntry, path, {
    machine,
    assertInvariant: (snapshot, { previous, step, now }) => {
      // Reloads once, 60 minutes after the countdown (re)started, and only a customer's page.
      expect(reloadPage).toHaveBeenCalledTimes(snapshot.matches('reloading') ? 1 : 0);
      if (snapshot.matches('counting') && (!previous?.matches('counting') || step.event.type === 'session.changed')) countingSince = now;
      if (snapshot.matches('reloading')) {
        expect(previous?.matches('counting')).toBe(true);
        expect(snapshot.context.isAdmin).toBe(false);
        expect(now - countingSince).toBe(60 * MINUTE);
      } else {
        expect(snapshot.matches('staff')).toBe(snapshot.context.isAdmin);
        expect(snapshot.matches('counting')).toBe(!snapshot.context.isAdmin);
      }
    },
  });
});

describe('page reload machine: on real (fake) timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never reloads an admin page, even after hours', () => {
    vi.useFakeTimers();
    const { reloadPage, machine } = fakes();
    const reload = createActor(machine, { input: { isAdmin: true } }).start();
    vi.advanceTimersByTime(60 * MINUTE);
    vi.advanceTimersByTime(5 * 60 * MINUTE);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(reload.getSnapshot().value).toBe('staff');
  });

  it("reloads a customer's page once, 60 minutes after it opened", () => {
    vi.useFakeTimers();
    const { reloadPage, machine } = fakes();
    createActor(machine, { input: { isAdmin: false } }).start();
    vi.advanceTimersByTime(60 * MINUTE - 1);
    expect(reloadPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3 * 60 * MINUTE);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('stops the countdown when an admin logs in on a customer page', () => {
    vi.useFakeTimers();
    const { reloadPage, machine } = fakes();
    const reload = createActor(machine, { input: { isAdmin: false } }).start();
    vi.advanceTimersByTime(30 * MINUTE);
    reload.send({ type: 'session.changed', isAdmin: true });
    vi.advanceTimersByTime(2 * 60 * MINUTE);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('starts a fresh 60 minutes when an admin logs out', () => {
    vi.useFakeTimers();
    const { reloadPage, machine } = fakes();
    const reload = createActor(machine, { input: { isAdmin: true } }).start();
    vi.advanceTimersByTime(30 * MINUTE);
    reload.send({ type: 'session.changed', isAdmin: false });
    vi.advanceTimersByTime(60 * MINUTE - 1);
    expect(reloadPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  // Every session snapshot sends session.changed (the app root, machines/app.machine.ts): only a new role restarts.
  it('keeps counting when the session changes but the role does not', () => {
    vi.useFakeTimers();
    const { reloadPage, machine } = fakes();
    const reload = createActor(machine, { input: { isAdmin: false } }).start();
    vi.advanceTimersByTime(50 * MINUTE);
    reload.send({ type: 'session.changed', isAdmin: false });
    vi.advanceTimersByTime(10 * MINUTE);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
