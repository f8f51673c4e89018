import { describe, expect, it, vi } from 'vitest';
import { EXTERNAL_ORDER_MESSAGE } from '../../src/domain';
import { connectCassaDayList } from '../../machines/cassaDayList.connect';
import { LIVE_LOST_MESSAGE } from '../../machines/cassaDayList.connect';
import { SAVE_FAILED_MESSAGE } from '../../machines/cassaDayList.changes';
import { cassaDayListMachine } from '../../machines/cassaDayList.machine';
import type { CassaDay, CassaDayListEvent, ChangeResult } from '../../machines/cassaDayList.types';
import { externalOrder, phoneOrder } from '../mocks/cassa.fixtures';
import { cassaDayListEntry, queuedPrint } from './cassa.entries';
import { expectFullCoverage, replayEntryPath } from './expectCoverage';
import { generatePaths, internalEvents } from './pathCoverage';

const paths = generatePaths(cassaDayListMachine, cassaDayListEntry);
const events = internalEvents(cassaDayListMachine);

function fakes() {
  const effects = { chime: vi.fn(), loadTicket: vi.fn(), printTicket: vi.fn(), openOrder: vi.fn(), writeQueued: vi.fn() };
  const machine = cassaDayListMachine.provide({
    actions: {
      chime: () => effects.chime(),
      loadTicket: (_, { id }) => effects.loadTicket(id),
      printTicket: (_, { id }) => effects.printTicket(id),
      openOrder: (_, { id }) => effects.openOrder(id),
      writeQueued: (_, entry) => effects.writeQueued(entry),
    },
  });
  return { effects, machine };
}

describe('cassa day list machine: path coverage', () => {
  // About 1200 replays of four parallel regions: about 10 s on a busy 2-core machine, so more time than the default.
  it('reaches every state node and takes every transition', async () => {
    await expectFullCoverage(cassaDayListEntry, paths);
  }, 30_000);

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const { effects, machine } = fakes();
    let chimes = 0;
    /** loads started before this step: a step that starts one reloads the list */
    let loadsBefore = 0;
    /** streams opened before this step */
    let streamsBefore = 0;
    await replayEntryPath(cassaDayListEntry, path, {
      machine,
      assertInvariant: (snapshot, { step, previous, invocations }) => {
        const reloadStarted = () => {
          const loads = invocations.filter((i) => i.src === 'loadDay');
          return loads.length > loadsBefore && loads.at(-1)!.outcome === 'pending';
        };
        const sent: CassaDayListEvent[] = [];
        const view = connectCassaDayList(snapshot, (event) => sent.push(event));
        const { day, newIds, muted } = snapshot.context;
        const type = step.event.type;

        // The title counts the highlighted orders; each highlighted row is an online order on the list.
        expect(view.pageTitle).toBe(newIds.length ? `(${newIds.length}) Cassa` : 'Cassa');
        expect(view.rows.filter((r) => r.isNew).map((r) => r.id)).toEqual(newIds);
        for (const row of view.rows.filter((r) => r.isNew)) expect(row.sourceId).toBe(1);

        // The chime plays exactly when a refresh brings new online orders and it is not muted.
        if (type === events.done('loadDay') && newIds.length > (previous?.context.newIds.length ?? 0) && !muted) chimes += 1;
        expect(effects.chime).toHaveBeenCalledTimes(chimes);
        expect(view.muteButton.isSelected).toBe(muted);

        // A failed refresh keeps the last list on screen and says so.
        if (type === events.error('loadDay')) {
          expect(day).toBe(previous!.context.day);
          expect(view.failure).toMatch(day ? /^Aggiornamento non riuscito/ : /^Non è stato possibile caricare/);
        }
        expect(view.failure !== null).toBe(snapshot.hasTag('failed'));
        if (snapshot.hasTag('loading')) expect(invocations.filter((i) => i.src === 'loadDay').at(-1)).toMatchObject({ outcome: 'pending' });

        // The header shows the server's counters, moved at once by the cashier's own clicks.
        const count = (label: string, v = view) => v.counters!.find((c) => c.label === label)!.value;
        const before = previous && connectCassaDayList(previous, () => undefined);
        if (type === events.done('loadDay') && snapshot.context.pending.length === 0) {
          const { counters } = (step.event as { output: CassaDay }).output;
          expect(view.counters).toEqual([
            { label: 'Non consegnati', value: counters.notDelivered },
            { label: 'In attesa', value: counters.pending },
            { label: 'Modificati', value: counters.reprint },
          ]);
        }
        if (day) expect(view.slots).toHaveLength(24);
        else expect(view.counters).toBeNull();

        // Printing marks the row Stampato at once and clears its highlight; the ticket prints 0.5 s later.
        if (type === 'order.print') {
          const id = (step.event as { id: number }).id;
          expect(view.rows.find((r) => r.id === id)).toMatchObject({ statusLabel: 'Stampato', isNew: false });
          expect(effects.loadTicket).toHaveBeenLastCalledWith(id);
          const was = previous!.context.day!.orders.find((o) => o.id === id)!.status;
          expect(count('In attesa')).toBe(count('In attesa', before) - (was === 0 ? 1 : 0));
          expect(count('Modificati')).toBe(count('Modificati', before) - (was === 2 ? 1 : 0));
        }
        if (type === events.after('cassaDayList.printer.waiting', 'PRINT')) expect(effects.printTicket).toHaveBeenCalled();
        if (type === 'order.delivered.toggle') {
          const id = (step.event as { id: number }).id;
          const delivered = previous!.context.day!.orders.find((o) => o.id === id)!.delivered;
          expect(view.rows.find((r) => r.id === id)!.deliveredCheckbox.label).toBe(delivered === 1 ? 'Non Consegnato' : 'Consegnato');
          expect(count('Non consegnati')).toBe(count('Non consegnati', before) + (delivered === 1 ? 1 : -1));
        }
        // A step shows at once: the pickup is 'Pronto per il ritiro' with a way back; back, 'Pronto' again.
        if (type === 'order.progress') {
          const { id, direction } = step.event as { id: number; direction: 'next' | 'back' };
          const row = view.rows.find((r) => r.id === id)!;
          expect(row.progressLabel).toBe(direction === 'next' ? 'Pronto per il ritiro' : 'In preparazione');
          expect(row.nextButton?.label ?? null).toBe(direction === 'next' ? null : 'Pronto');
          expect(row.menuItems.map((i) => i.label)).toEqual(
            direction === 'next' ? ['Annulla ultimo passo'] : ['+10 min', '+20 min', '+30 min'],
          );
        }
        // '+10 min' moves the promised time at once; the slot strip still counts the order in its slot.
        if (type === 'order.delay') {
          const row = view.rows.find((r) => r.id === phoneOrder.id)!;
          expect([row.deliveryTime, row.delayNote]).toEqual(['19:40', '+10 min']);
          expect(view.slots).toEqual(before!.slots);
        }
        // An external platform's order is never opened; others are, and lose their highlight.
        if (type === 'order.open') {
          const id = (step.event as { id: number }).id;
          if (id === externalOrder.id) expect(effects.openOrder).not.toHaveBeenCalledWith(id);
          else {
            expect(effects.openOrder).toHaveBeenLastCalledWith(id);
            expect(newIds).not.toContain(id);
          }
        }
        const external = view.rows.find((r) => r.id === externalOrder.id);
        if (external) expect(external.openButton).toMatchObject({ isDisabled: true, reason: EXTERNAL_ORDER_MESSAGE });
        if (type === events.done('saveChange')) {
          const outcome = (step.event as { output: ChangeResult }).output;
          const row = (v: typeof view) => v.rows.find((r) => r.id === phoneOrder.id)!;
          // Not written: the cassa says why and the server's list comes back; queued: it waits in 'Da inviare', the row as clicked.
          expect(view.notice).toBe(outcome.kind === 'failed' ? SAVE_FAILED_MESSAGE : outcome.kind === 'refused' ? outcome.message : null);
          expect(reloadStarted()).toBe(outcome.kind === 'failed' || outcome.kind === 'refused');
          if (outcome.kind === 'queued') {
            expect(effects.writeQueued).toHaveBeenLastCalledWith(queuedPrint);
            expect(row(view).statusLabel).toBe(row(before!).statusLabel);
          } else expect(effects.writeQueued).not.toHaveBeenCalled();
        }

        // The live stream: while it is up the list needs no 'Aggiorna'; when it fails, the cassa says so.
        const reloaded = reloadStarted();
        loadsBefore = invocations.filter((i) => i.src === 'loadDay').length;
        expect(view.isLive).toBe(snapshot.matches({ live: { streaming: 'healthy' } }));
        expect(view.liveNotice).toBe(snapshot.matches({ live: 'lost' }) ? LIVE_LOST_MESSAGE : null);
        const streams = invocations.filter((i) => i.src === 'followOrders');
        const stream = streams.at(-1)!;
        // Opened at the start, and again only after the pause that follows a failure: a reload never reopens it.
        if (streams.length > streamsBefore)
          expect(previous === undefined || type === events.after('cassaDayList.live.lost', 'LIVE_RETRY')).toBe(true);
        streamsBefore = streams.length;
        // The stream is held only while streaming: closed (or failed) while the list waits to reopen it.
        expect(stream.outcome === 'pending').toBe(snapshot.matches({ live: 'streaming' }));
        if (type === 'live.event') {
          const event = step.event as { orderId: number; kind: string; deliveryDate: string };
          const concerns =
            event.deliveryDate === snapshot.context.date || previous!.context.day!.orders.some((o) => o.id === event.orderId);
          // The day shown (or an order on it) changed: the list reloads a tenth of a second later.
          if (concerns && previous!.matches({ live: { streaming: { healthy: 'quiet' } } })) {
            expect(snapshot.matches({ live: { streaming: { healthy: 'settling' } } })).toBe(true);
          }
          // Another day's new order only moves the count of other days; nothing else is reloaded.
          expect(view.otherDays).toBe(
            !concerns && event.kind === 'created'
              ? `Nuovi ordini per altri giorni: ${previous!.context.otherDayOrders + 1}`
              : connectCassaDayList(previous!, () => undefined).otherDays,
          );
          expect(reloaded).toBe(false);
        }
        if (type === events.after('cassaDayList.live.streaming.healthy.settling', 'LIVE_DEBOUNCE')) expect(reloaded).toBe(true);
        // The back office changed the catalogue: the list reads the day again (its answer names the new version), unless it has it.
        if (type === 'catalogue.changed') {
          const { version } = step.event as { version: number };
          expect(reloaded).toBe(version > previous!.context.day!.catalogueVersion);
        }
        if (type === events.after('cassaDayList.list.ready', 'ORDERS_REFRESH_LIVE')) expect(reloaded).toBe(true);
        // Lost while up, or back after a loss: the list reloads at once; a first connection that fails does not.
        if (type === 'live.lost') expect(reloaded).toBe(previous!.matches({ live: { streaming: 'healthy' } }));
        if (type === 'live.opened') expect(reloaded).toBe(previous!.context.liveFailures > 0);

        // The handlers send what the machine expects.
        view.refreshButton.onPress();
        view.onDateChange('2026-11-19');
        expect(sent).toEqual([{ type: 'orders.refresh' }, { type: 'date.change', date: '2026-11-19' }]);
      },
    });
  });
});
