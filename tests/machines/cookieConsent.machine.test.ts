import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectCookieConsent, cookieConsentMachine, type CookieConsentEvent } from '../../machines/cookieConsent.machine';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { cookieConsentEntry } from './registry';

function fakes() {
  const leavePage = vi.fn();
  return { leavePage, machine: cookieConsentMachine.provide({ actions: { leavePage } }) };
}

describePathCoverage(
  'cookie consent machine: path coverage',
  cookieConsentEntry,
  async (path) => {
    const { leavePage, machine } = fakes();
    let expectedLeaves = 0;
    await replayEntryPath(cookieConsentEntry, path, {
      machine,
      assertInvariant: (snapshot, { previous }) => {
        const sent: CookieConsentEvent[] = [];
        const view = connectCookieConsent(snapshot, (event) => sent.push(event));
        if (snapshot.matches('left') && !previous?.matches('left')) {
          expect(previous?.matches('refused')).toBe(true);
          expectedLeaves++;
        }
        expect(leavePage).toHaveBeenCalledTimes(expectedLeaves);
        // The fact the app remembers: consented once accepted, never taken back.
        expect(snapshot.context.consented).toBe(snapshot.matches('accepted'));
        // The banner while asking, the blocking cover after Rifiuta, nothing otherwise.
        expect(view.isBannerOpen).toBe(snapshot.matches('asking'));
        expect(view.isOverlayOpen).toBe(snapshot.matches('refused'));
        expect(snapshot.status === 'active').toBe(view.isBannerOpen || view.isOverlayOpen);
        if (path.input!.consented) expect(snapshot.value).toBe('accepted');
        // The buttons send what they say.
        view.acceptButton.onPress();
        view.refuseButton.onPress();
        view.closePageButton.onPress();
        expect(sent.map((e) => e.type)).toEqual(['consent.accept', 'consent.refuse', 'page.close']);
      },
    });
  },
  'reaches every state node and takes every transition (both remembered and fresh visitors)',
);

describe('cookie consent machine: what the buttons may do', () => {
  it("offers 'Chiudi pagina' only on the refusal cover", () => {
    const { machine } = fakes();
    const consent = createActor(machine, { input: { consented: false } }).start();
    expect(consent.getSnapshot().can({ type: 'page.close' })).toBe(false);
    consent.send({ type: 'page.close' });
    expect(consent.getSnapshot().value).toBe('asking');
    consent.send({ type: 'consent.refuse' });
    expect(consent.getSnapshot().can({ type: 'page.close' })).toBe(true);
    expect(consent.getSnapshot().can({ type: 'consent.accept' })).toBe(true);
  });

  it('a visitor who consented before sees nothing', () => {
    const { machine, leavePage } = fakes();
    const consent = createActor(machine, { input: { consented: true } }).start();
    expect(consent.getSnapshot().value).toBe('accepted');
    expect(consent.getSnapshot().status).toBe('done');
    expect(leavePage).not.toHaveBeenCalled();
  });
});
