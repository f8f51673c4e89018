import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef, type EventObject, type InspectionEvent } from 'xstate';
import { cartMachine } from '../../machines/cart.machine';
import type { CassaDayListEvent } from '../../machines/cassaDayList.types';
import type { CassaCatalog } from '../../machines/cassaOrder.types';
import {
  cartFacts,
  cassaScreenMachine,
  connectCassaScreen,
  screenEditor,
  screenOrders,
  type CassaScreenEvent,
} from '../../machines/cassaScreen.machine';
import { cassaOutboxMachine, connectCassaOutbox, type OutboxEntry } from '../../machines/cassaOutbox.machine';
import { cassaCatalog, cassaScreenEntry, firstAnswer, listAfterChange, pricingCart, queuedPrint } from './cassa.entries';
import { expectFullCoverage, replayEntryPath } from './expectCoverage';
import { generatePaths } from './pathCoverage';

const paths = generatePaths(cassaScreenEntry.machine, cassaScreenEntry);
const CHILDREN = ['orders', 'editor', 'cart', 'outbox'];

function fakes() {
  const effects = { showOrder: vi.fn(), scrollToTop: vi.fn() };
  const machine = cassaScreenEntry.machine.provide({
    actions: {
      showOrder: (_, { id, replace }) => effects.showOrder(id, replace),
      scrollToTop: () => effects.scrollToTop(),
    },
  });
  /** What the screen told each child, in order. */
  const told: { to: string; event: EventObject }[] = [];
  const inspect = (e: InspectionEvent) => {
    // (The children's own internal events, like a placeholder actor's error, are not the screen's words.)
    if (e.type !== '@xstate.event' || e.event.type.startsWith('xstate.')) return;
    const to = (e.actorRef as AnyActorRef).id;
    const from = (e.sourceRef as AnyActorRef | undefined)?.id;
    if (CHILDREN.includes(to) && from !== undefined && !CHILDREN.includes(from)) told.push({ to, event: e.event });
  };
  return { effects, machine, told, inspect };
}

/** The server's catalogue: 1 as loaded, 2 with the 'Fiori di zucca e alici' sold out, 3 with it back. */
const FIORI = 'Fiori di zucca e alici';
const catalogues: Record<number, CassaCatalog> = {
  1: cassaCatalog,
  2: { ...cassaCatalog, catalogueVersion: 2, products: cassaCatalog.products.map((p) => ({ ...p, sold_out: p.name === FIORI })) },
  3: { ...cassaCatalog, catalogueVersion: 3 },
};

/**
 * The screen with its list and editor running for real on fake I/O: the list's stream (`stream` tells
 * what the server sends), the day at the server's catalogue version, and catalogue loads that read the
 * version when asked and answer when the test says. Started, its first catalogue loaded, a name typed.
 */
async function liveScreen() {
  const live = {
    serverVersion: 1,
    loads: [] as { version: number; answer: () => void }[],
    stream: (_event: CassaDayListEvent): void => undefined,
  };
  const screen = createActor(
    cassaScreenMachine.provide({
      actors: {
        orders: screenOrders.provide({
          actors: {
            loadDay: fromPromise(async () => ({ ...firstAnswer, catalogueVersion: live.serverVersion })),
            followOrders: fromCallback<CassaDayListEvent>(({ sendBack }) => {
              live.stream = sendBack;
              sendBack({ type: 'live.opened' });
            }),
          },
          actions: { chime: () => undefined, loadTicket: () => undefined, printTicket: () => undefined },
        }),
        editor: screenEditor.provide({
          actors: {
            loadCatalog: fromPromise<CassaCatalog>(() => {
              const version = live.serverVersion;
              return new Promise((resolve) => live.loads.push({ version, answer: () => resolve(catalogues[version]!) }));
            }),
          },
        }),
        outbox: cassaOutboxMachine.provide({
          actors: { loadOutbox: fromPromise<OutboxEntry[]>(async () => []) },
          actions: { storeEntry: () => undefined, dropEntry: () => undefined },
        }),
        cart: cartMachine,
      },
      actions: { showOrder: () => undefined, scrollToTop: () => undefined },
    }),
    { input: { orderId: null, muted: false, createKey: () => 'chiave-listino' } },
  ).start();
  const editor = () => screen.getSnapshot().children.editor!.getSnapshot();
  const editorIn = (state: object) => vi.waitFor(() => expect(editor().matches({ ready: state })).toBe(true));
  await vi.waitFor(() => expect(live.loads).toHaveLength(1));
  live.loads[0]!.answer();
  await editorIn({ order: 'editing' });
  screen.getSnapshot().children.editor!.send({ type: 'client.query', text: 'Cliente Listino' });
  return Object.assign(live, { screen, editor, editorIn });
}

describe('cassa screen machine: path coverage', () => {
  it('reaches every state node and takes every transition', async () => {
    await expectFullCoverage(cassaScreenEntry, paths);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const { effects, machine, told, inspect } = fakes();
    let queued = 0;
    await replayEntryPath(cassaScreenEntry, path, {
      machine,
      inspect,
      assertInvariant: (snapshot, { step, previous }) => {
        const sent: CassaScreenEvent[] = [];
        const view = connectCassaScreen(snapshot, (event) => sent.push(event));
        const event = step.event as CassaScreenEvent;
        const { orderId } = snapshot.context;
        const last = told.at(-1);

        // The list shows while no order is open; the way back while one is.
        expect(view.isListShown).toBe(orderId === null);
        expect(view.backButton?.label ?? null).toBe(orderId === null ? null : 'Torna indietro');
        expect(view.orders.id).toBe('orders');
        expect(view.editor.id).toBe('editor');
        expect(view.cart.id).toBe('cart');
        // Every write the server could not be reached for is counted in 'Da inviare'.
        if (event.type === 'write.queued') queued += 1;
        const outbox = connectCassaOutbox(view.outbox.getSnapshot(), () => undefined);
        expect(outbox.headerCounter).toBe(queued > 0 ? `Da inviare: ${queued}` : null);
        expect(outbox.items.map((i) => i.label)).toEqual(Array.from({ length: queued }, () => queuedPrint.label));

        switch (event.type) {
          case 'url.changed':
            // The editor follows the URL, once per change.
            if (previous!.context.orderId !== event.orderId)
              expect(last).toEqual({
                to: 'editor',
                event: event.orderId === null ? { type: 'order.clear' } : { type: 'order.select', id: event.orderId },
              });
            expect(orderId).toBe(event.orderId);
            break;
          case 'list.back':
            expect(effects.showOrder).toHaveBeenLastCalledWith(null, false);
            break;
          case 'list.open':
            // A click on the list names the order in the URL (a new history entry) and scrolls up to the editor.
            expect(effects.showOrder).toHaveBeenLastCalledWith(event.id, false);
            expect(effects.scrollToTop).toHaveBeenCalled();
            expect(orderId).toBe(previous!.context.orderId);
            break;
          case 'editor.cart':
            // The command reaches the cart, and the cart's news comes back to the editor.
            expect(told.filter((t) => t.to === 'cart').at(-1)).toEqual({ to: 'cart', event: event.command });
            expect(last).toEqual({ to: 'editor', event: { type: 'cart.changed', cart: { lines: [], code: null, isPricing: false } } });
            break;
          case 'editor.saved':
            expect(told.filter((t) => t.to === 'orders').at(-1)).toEqual({ to: 'orders', event: { type: 'orders.refresh' } });
            break;
          case 'write.queued':
            // The outbox hears it from the screen, its parent: no channel outside the actor system.
            expect(last).toEqual({ to: 'outbox', event: { type: 'outbox.add', entry: queuedPrint } });
            break;
          case 'printer.pdf':
            // No kitchen printer took the ticket: the list prints its PDF as before.
            expect(told.filter((t) => t.to === 'orders').at(-1)).toEqual({ to: 'orders', event: { type: 'order.print', id: event.id } });
            break;
          case 'editor.show':
            // The editor corrects the URL (no history entry): after an update, or an order that could not be opened.
            expect(effects.showOrder).toHaveBeenLastCalledWith(event.id, true);
            break;
          default:
            if (step.event.type === 'xstate.snapshot.cart')
              expect(last).toEqual({ to: 'editor', event: { type: 'cart.changed', cart: cartFacts(pricingCart) } });
            // A refresh of the list names the catalogue version it was read at: the editor hears it.
            if (step.event.type === 'xstate.snapshot.orders')
              expect(last).toEqual({
                to: 'editor',
                event: { type: 'catalogue.changed', version: listAfterChange.context.day!.catalogueVersion },
              });
        }

        view.backButton?.onPress();
        expect(sent).toEqual(orderId === null ? [] : [{ type: 'list.back' }]);
      },
    });
  });

  it("a sold-out mark and its undoing, told by the list's stream while the editor reloads, end with the newest products and the order as typed", async () => {
    const live = await liveScreen();
    // Sold out: the list reads the day again, whose answer names version 2; the editor reloads.
    live.serverVersion = 2;
    live.stream({ type: 'catalogue.changed', version: 2 });
    await vi.waitFor(() => expect(live.loads.map((l) => l.version)).toEqual([1, 2]));
    // Back on sale before that load answers: the editor must not keep the sold-out mark.
    live.serverVersion = 3;
    live.stream({ type: 'catalogue.changed', version: 3 });
    await vi.waitFor(() => expect(live.loads.map((l) => l.version)).toEqual([1, 2, 3]));
    live.loads[1]!.answer();
    live.loads[2]!.answer();
    await live.editorIn({ catalogue: 'current' });
    const { catalog, form } = live.editor().context;
    expect(catalog!.catalogueVersion).toBe(3);
    expect(catalog!.products.find((p) => p.name === FIORI)!.sold_out).toBe(false);
    expect(form.name).toBe('Cliente Listino');
    live.screen.stop();
  });

  it('a sold-out mark made while the stream was down reaches the editor when the stream comes back (no catalogue event is replayed)', async () => {
    const live = await liveScreen();
    live.stream({ type: 'live.lost' });
    // The list's reload on the loss leaves the stream closed until its pause is over.
    expect(live.screen.getSnapshot().children.orders!.getSnapshot().hasTag('offline')).toBe(true);
    live.serverVersion = 2;
    // The stream opens again after a second: the list reads the day again, whose answer names version 2.
    await vi.waitFor(() => expect(live.loads.map((l) => l.version)).toEqual([1, 2]), { timeout: 3_000 });
    live.loads[1]!.answer();
    await live.editorIn({ catalogue: 'current' });
    expect(live.editor().context.catalog!.products.find((p) => p.name === FIORI)!.sold_out).toBe(true);
    expect(live.editor().context.form.name).toBe('Cliente Listino');
    live.screen.stop();
  });

  it('tells the editor what the cart holds: its lines, its code and whether it is being priced', () => {
    expect(cartFacts(pricingCart)).toMatchObject({ lines: [{ name: 'Margherita' }], code: null, isPricing: true });
  });
});
