import { describe, expect, it, vi } from 'vitest';
import { cassaOutboxMachine, connectCassaOutbox, retryDelay, type OutboxEntry, type OutboxEvent } from '../../machines/cassaOutbox.machine';
import { CANCELLED, cassaOutboxEntry, queuedEdit, queuedOrder, serverVersion } from './cassa.entries';
import { expectFullCoverage, replayEntryPath } from './expectCoverage';
import { generatePaths, internalEvents } from './pathCoverage';

const paths = generatePaths(cassaOutboxMachine, cassaOutboxEntry);
const events = internalEvents(cassaOutboxMachine);

function fakes() {
  const stored = new Map<string, OutboxEntry>();
  const machine = cassaOutboxMachine.provide({
    actions: {
      storeEntry: (_, entry) => void stored.set(entry.key, entry),
      dropEntry: (_, key) => void stored.delete(key),
    },
  });
  return { machine, stored };
}

describe('cassa outbox machine: path coverage', () => {
  it('reaches every state node and takes every transition', async () => {
    await expectFullCoverage(cassaOutboxEntry, paths);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const { machine, stored } = fakes();
    await replayEntryPath(cassaOutboxEntry, path, {
      machine,
      assertInvariant: (snapshot, { step, previous, invocations }) => {
        const sent: OutboxEvent[] = [];
        const view = connectCassaOutbox(snapshot, (event) => sent.push(event));
        const { entries, conflict, notice } = snapshot.context;
        const event = step.event as { type: string; output?: any };
        const before = previous?.context;

        // The header's counter and the section show while anything waits.
        expect(view.count).toBe(entries.length);
        expect(view.headerCounter).toBe(entries.length ? `Da inviare: ${entries.length}` : null);
        expect(view.items.map((i) => i.label)).toEqual(entries.map((e) => e.label));
        // One at a time, in order: the first entry is the one on its way.
        expect(view.items.filter((i) => i.isSending).map((i) => i.key)).toEqual(snapshot.hasTag('sending') ? [entries[0]!.key] : []);
        if (snapshot.hasTag('sending'))
          expect(invocations.at(-1)).toMatchObject({ src: 'sendEntry', input: entries[0], outcome: 'pending' });
        expect(view.status).toBe(
          snapshot.hasTag('offline')
            ? 'Server non raggiungibile: nuovo invio tra poco.'
            : snapshot.hasTag('sending')
              ? 'Invio in corso...'
              : null,
        );
        // Idle only with nothing to send.
        if (snapshot.matches('idle')) expect(entries).toEqual([]);

        switch (event.type) {
          case 'outbox.add':
            // Kept in the browser at once, and behind what already waits.
            expect(stored.get(queuedOrder.key)).toEqual(queuedOrder);
            expect(entries.at(-1)).toEqual(queuedOrder);
            break;
          case events.done('loadOutbox'):
            expect(entries.map((e) => e.key)).toEqual(
              [...(event.output as OutboxEntry[]), ...before!.entries].sort((a, b) => a.queuedAt - b.queuedAt).map((e) => e.key),
            );
            break;
          case events.done('sendEntry'): {
            const first = before!.entries[0]!;
            if (event.output.kind !== 'stale') {
              // Its own answer arrived: it leaves the queue, and the next one goes.
              expect(entries).toEqual(before!.entries.slice(1));
              expect(snapshot.context.attempt).toBe(0);
            }
            if (event.output.kind === 'refused') {
              expect(view.notice?.text).toBe(`Non inviato: ${first.label}. ${CANCELLED}`);
            }
            if (event.output.kind === 'stale') {
              // Nothing overwritten: both versions wait for the cashier, and nothing behind it is sent.
              expect(snapshot.matches('conflict')).toBe(true);
              expect(entries[0]).toBe(first);
              expect(view.conflict).toMatchObject({
                mine: { heading: 'La tua modifica (non salvata)', ...queuedEdit.summary },
                theirs: { heading: "L'ordine com'è ora", ...serverVersion },
                dismissButton: { label: 'Ho capito' },
              });
            }
            break;
          }
          case events.error('sendEntry'):
            // Still unreachable: nothing is dropped, the next try waits longer.
            expect(entries).toEqual(before!.entries);
            expect(snapshot.context.attempt).toBe(before!.attempt + 1);
            expect(snapshot.matches('waiting')).toBe(true);
            break;
          case 'outbox.online':
          case events.after('cassaOutbox.waiting', 'RETRY_BACKOFF'):
            expect(snapshot.hasTag('sending')).toBe(true);
            break;
          case 'conflict.dismiss':
            expect(conflict).toBeNull();
            expect(entries).toEqual(before!.entries.slice(1));
            expect(stored.has(queuedEdit.key)).toBe(false);
            break;
          case 'notice.dismiss':
            expect(notice).toBeNull();
            break;
        }

        // The handlers send what the machine expects.
        view.conflict?.dismissButton.onPress();
        view.notice?.dismissButton.onPress();
        expect(sent).toEqual([
          ...(view.conflict ? [{ type: 'conflict.dismiss' }] : []),
          ...(view.notice ? [{ type: 'notice.dismiss' }] : []),
        ]);
      },
    });
  });
});

describe('cassa outbox: backoff', () => {
  it('waits 2 s, 4 s, 8 s… and never more than a minute between tries', () => {
    expect([1, 2, 3, 4, 10].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 60_000]);
  });

  it('sends what an earlier page left, on start, before anything new', async () => {
    const { createActor, fromPromise } = await import('xstate');
    const sent: string[] = [];
    const actor = createActor(
      cassaOutboxMachine.provide({
        actors: {
          loadOutbox: fromPromise(async () => [queuedEdit]),
          sendEntry: fromPromise(async ({ input }) => {
            sent.push(input.key);
            return { kind: 'saved' as const };
          }),
        },
        actions: { storeEntry: () => undefined, dropEntry: () => undefined },
      }),
    ).start();
    actor.send({ type: 'outbox.add', entry: queuedOrder });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('idle')).toBe(true));
    expect(sent).toEqual([queuedEdit.key, queuedOrder.key]);
    actor.stop();
  });
});
