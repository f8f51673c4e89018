import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cassaStartMachine, connectCassaStart, type OfflineCopy } from '../../machines/cassaStart.machine';
import { cassaWorker, UPDATE_CHECK_EVERY_MS } from '../../src/api/cassaStartActors';

/** The one Workbox the cassa makes: what it was asked, and its 'waiting' listener to fire. */
const workbox = vi.hoisted(() => ({
  updates: 0,
  listeners: new Map<string, () => void>(),
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: () => void) {
      workbox.listeners.set(type, listener);
    }
    register = async () => undefined;
    update = async () => {
      workbox.updates++;
    };
    messageSkipWaiting = () => undefined;
  },
}));

describe("the cassa's service worker while the cassa stays open", () => {
  const browser = new EventTarget();
  beforeEach(() => {
    vi.useFakeTimers();
    workbox.updates = 0;
    workbox.listeners.clear();
    vi.stubGlobal('navigator', { serviceWorker: {} });
    vi.stubGlobal('addEventListener', browser.addEventListener.bind(browser));
    vi.stubGlobal('removeEventListener', browser.removeEventListener.bind(browser));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("asks for a new version every 10 minutes and when the network comes back, then offers 'Nuova versione disponibile: ricarica'", async () => {
    const cassa = createActor(
      cassaStartMachine.provide({
        actors: {
          worker: cassaWorker,
          readCopy: fromPromise<OfflineCopy | null>(async () => null),
          probeServer: fromPromise<void>(async () => {}),
        },
      }),
    ).start();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_EVERY_MS - 1);
    expect(workbox.updates).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(workbox.updates).toBe(1);
    await vi.advanceTimersByTimeAsync(2 * UPDATE_CHECK_EVERY_MS);
    expect(workbox.updates).toBe(3);
    browser.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(workbox.updates).toBe(4);

    workbox.listeners.get('waiting')!();
    const view = connectCassaStart(cassa.getSnapshot(), () => {});
    expect(`${view.update?.message} ${view.update?.reloadButton.label}`).toBe('Nuova versione disponibile: ricarica');

    // Leaving the cassa stops asking.
    cassa.stop();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_EVERY_MS);
    browser.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(workbox.updates).toBe(4);
  });
});
