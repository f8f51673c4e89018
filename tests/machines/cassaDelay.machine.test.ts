import { expect, vi } from 'vitest';
import {
  cassaDelayMachine,
  connectCassaDelay,
  DELAY_QUEUED,
  NOTHING_TO_DELAY,
  type CassaDelayEvent,
  type DelayOutcome,
} from '../../machines/cassaDelay.machine';
import { cassaDelayEntry, queuedDelay } from './cassa.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';

const { done: doneOf } = internalEvents(cassaDelayMachine);

describePathCoverage("cassa header's 'Ritardo' machine: path coverage", cassaDelayEntry, async (path) => {
  const effects = { writeQueued: vi.fn(), ordersChanged: vi.fn() };
  const machine = cassaDelayMachine.provide({
    actions: { writeQueued: (_, entry) => effects.writeQueued(entry), ordersChanged: () => effects.ordersChanged() },
  });
  let written = 0;
  await replayEntryPath(cassaDelayEntry, path, {
    machine,
    assertInvariant: (snapshot, { step, previous, invocations }) => {
      const sent: CassaDelayEvent[] = [];
      const view = connectCassaDelay(snapshot, (event) => sent.push(event));
      const { event } = step;
      // Nothing is sent before the cashier has read how many orders move and said yes.
      if (event.type === 'delay.choose') {
        const { minutes, count } = event as Extract<CassaDelayEvent, { type: 'delay.choose' }>;
        if (count === 0) expect([view.question, view.notice]).toEqual([null, NOTHING_TO_DELAY]);
        else expect(view.question?.message).toBe(`Posticipare di ${minutes} minuti ${count} ordini di stasera non ancora usciti?`);
      }
      if (view.isSending) expect(invocations.at(-1)).toMatchObject({ src: 'delayOrders', input: { minutes: previous!.context.minutes } });
      else expect(invocations.filter((i) => i.outcome === 'pending')).toHaveLength(0);
      if (event.type === 'delay.cancel') expect(invocations.filter((i) => i.src === 'delayOrders')).toHaveLength(0);
      // Written: the server's words and the list reads the orders again; queued: it waits in 'Da inviare'.
      if (event.type === doneOf('delayOrders')) {
        const outcome = (event as unknown as { output: DelayOutcome }).output;
        if (outcome.kind === 'saved') written += 1;
        expect(view.notice).toBe(outcome.kind === 'queued' ? DELAY_QUEUED : outcome.message);
        if (outcome.kind === 'queued') expect(effects.writeQueued).toHaveBeenLastCalledWith(queuedDelay);
        else expect(effects.writeQueued).not.toHaveBeenCalled();
      }
      expect(effects.ordersChanged).toHaveBeenCalledTimes(written);
      // The handlers send what the machine expects.
      view.choose(30, 2);
      view.question?.confirmButton.onPress();
      view.question?.cancelButton.onPress();
      expect(sent).toEqual([
        { type: 'delay.choose', minutes: 30, count: 2 },
        ...(view.question ? [{ type: 'delay.confirm' }, { type: 'delay.cancel' }] : []),
      ]);
    },
  });
});
