import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { cookieConsentMachine } from '../../machines/cookieConsent.machine';
import { expectFullCoverage } from './expectCoverage';
import { generatePaths, replayPath } from './pathCoverage';
import { cookieConsentEntry } from './registry';

const paths = generatePaths(cookieConsentMachine, cookieConsentEntry);

function fakes() {
  const persistConsent = vi.fn();
  const leavePage = vi.fn();
  return { persistConsent, leavePage, machine: cookieConsentMachine.provide({ actions: { persistConsent, leavePage } }) };
}

describe('cookie consent machine: path coverage', () => {
  it('reaches every state node and takes every transition (both remembered and fresh visitors)', async () => {
    await expectFullCoverage(cookieConsentMachine, paths);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const { persistConsent, leavePage, machine } = fakes();
    let expectedPersists = 0;
    let expectedLeaves = 0;
    await replayPath(machine, path, {
      assertInvariant: (snapshot, { previous }) => {
        const from = previous?.value;
        if (snapshot.value === 'accepted' && (from === 'asking' || from === 'refused')) expectedPersists++;
        if (snapshot.value === 'left' && from !== 'left') {
          expect(from).toBe('refused');
          expectedLeaves++;
        }
        // Remembered only when the visitor accepts; a remembered consent is not written again.
        expect(persistConsent).toHaveBeenCalledTimes(expectedPersists);
        expect(leavePage).toHaveBeenCalledTimes(expectedLeaves);
        expect(snapshot.context.consented).toBe(path.input!.consented);
        // The banner (asking) or the cover (refused) is up exactly while the actor is still running.
        expect(snapshot.status === 'active').toBe(snapshot.matches('asking') || snapshot.matches('refused'));
        if (path.input!.consented) expect(snapshot.value).toBe('accepted');
      },
    });
  });
});

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

  it('a visitor who consented before sees nothing and nothing is written', () => {
    const { machine, persistConsent, leavePage } = fakes();
    const consent = createActor(machine, { input: { consented: true } }).start();
    expect(consent.getSnapshot().value).toBe('accepted');
    expect(consent.getSnapshot().status).toBe('done');
    expect(persistConsent).not.toHaveBeenCalled();
    expect(leavePage).not.toHaveBeenCalled();
  });
});
