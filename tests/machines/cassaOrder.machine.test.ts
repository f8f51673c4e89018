import { describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, EventObject, InspectionEvent } from 'xstate';
import type { CartEvent } from '../../machines/cart.machine';
import { connectCassaOrder, NEW_CLIENT_NOTE } from '../../machines/cassaOrder.connect';
import { cassaOrderMachine } from '../../machines/cassaOrder.machine';
import { QUEUED_MESSAGE } from '../../machines/cassaOrder.setup';
import type { CassaOrderEvent, SaveOrderInput, SaveOrderOutcome } from '../../machines/cassaOrder.types';
import {
  cassaCatalog,
  cassaOrderEntry,
  changedCatalog,
  NEW_CLIENT,
  NEW_ORDER_DRAFT,
  openedPhoneOrder,
  queuedOrder,
  REFUSED_FIELDS,
  SERVER_DOWN,
  STALE,
} from './cassa.entries';
import { expectFullCoverage, replayEntryPath } from './expectCoverage';
import { generatePaths, internalEvents } from './pathCoverage';

const paths = generatePaths(cassaOrderMachine, cassaOrderEntry);
const events = internalEvents(cassaOrderMachine);
const mario = cassaCatalog.clients.find((c) => c.id === 1)!;

function fakes() {
  const effects = { toCart: vi.fn<(command: CartEvent) => void>(), ordersChanged: vi.fn(), showOrder: vi.fn(), writeQueued: vi.fn() };
  const machine = cassaOrderMachine.provide({
    actions: {
      toCart: (_, command) => effects.toCart(command),
      ordersChanged: () => effects.ordersChanged(),
      showOrder: (_, { id }) => effects.showOrder(id),
      writeQueued: (_, entry) => effects.writeQueued(entry),
    },
  });
  return { effects, machine };
}

describe('cassa order machine: path coverage', () => {
  // Three inputs (a new order, an opened one, a restored draft): the coverage count takes a few seconds.
  it('reaches every state node and takes every transition', async () => {
    await expectFullCoverage(cassaOrderEntry, paths);
  }, 30_000);

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const { effects, machine } = fakes();
    /** What the widget told its product search (the `lines` child), in order. */
    const linesTold: EventObject[] = [];
    const inspect = (e: InspectionEvent) => {
      if (e.type === '@xstate.event' && (e.actorRef as AnyActorRef).id === 'lines' && !e.event.type.startsWith('xstate.'))
        linesTold.push(e.event);
    };
    await replayEntryPath(cassaOrderEntry, path, {
      machine,
      inspect,
      assertInvariant: (snapshot, { step, previous, invocations }) => {
        const sent: CassaOrderEvent[] = [];
        const view = connectCassaOrder(snapshot, (event) => sent.push(event));
        const { form, opened, message, cart } = snapshot.context;
        const event = step.event as CassaOrderEvent | { type: string; output?: any };
        const before = previous?.context;
        const isEditing = snapshot.matches({ ready: { order: 'editing' } });
        const lastCommand = effects.toCart.mock.lastCall?.[0];

        // Title and button say whether the order is new or being edited; the name is fixed when editing.
        expect(view.title).toBe(opened ? 'Modifica ordine' : 'Aggiungi ordine');
        expect(view.confirmButton.label).toBe(
          snapshot.hasTag('saving') ? 'Salvataggio...' : opened ? 'Modifica ordine' : 'Conferma ordine',
        );
        // Nothing to confirm in an empty cart, nor while it is being priced.
        expect(view.confirmButton.isDisabled).toBe(!(isEditing && cart.lines.length > 0 && !cart.isPricing));
        expect(view.client.isDisabled).toBe(opened !== null || !isEditing);
        expect(view.client.canOpen).toBe(opened === null && isEditing && view.client.suggestions.length > 0);
        // The product search and the gifts take items while an order is being edited, and only then.
        const toggles = linesTold.filter((e) => e.type === 'lines.enable' || e.type === 'lines.disable');
        expect(toggles.at(-1)?.type === 'lines.enable').toBe(isEditing);
        expect(view.client.newClientNote).toBe(!opened && form.clientId === 0 && form.name.trim() ? NEW_CLIENT_NOTE : null);
        expect(view.failure !== null).toBe(snapshot.hasTag('failed'));
        expect(view.time.summary).toBe(`${String(form.hour).padStart(2, '0')}:${String(form.minute).padStart(2, '0')}`);
        if (snapshot.hasTag('loading') && snapshot.matches('ready'))
          expect(invocations.at(-1)).toMatchObject({ src: 'loadOrder', outcome: 'pending' });

        switch (event.type) {
          case events.done('cassaOrder.loading'):
            if (previous?.context.draft) {
              // The order typed before a reload is back: its form, and its lines priced again in the cart.
              expect(form).toEqual(NEW_ORDER_DRAFT.form);
              expect(view.client.value).toBe('Cliente Bozza');
              expect(lastCommand).toEqual({
                type: 'cart.load',
                orderId: null,
                lines: NEW_ORDER_DRAFT.lines,
                code: null,
                delivery: 'ritiro',
                zoneId: null,
              });
              expect(snapshot.context.draft).toBeNull();
              break;
            }
            // A new order starts today, at the first quarter hour half an hour from 19:02.
            expect(form).toMatchObject({ date: '2026-11-18', hour: 19, minute: 45, delivery: 'consegna', paymentType: 'Contanti' });
            break;
          case 'order.repeat': {
            // Mario Rossi's last order fills the cart at today's prices: 2 Margherita, wholemeal, with buffalo mozzarella.
            expect(lastCommand).toMatchObject({ type: 'cart.load', orderId: null, delivery: 'consegna', zoneId: mario.zoneId });
            const [line] = (lastCommand as Extract<CartEvent, { type: 'cart.load' }>).lines;
            expect(line).toMatchObject({ name: 'Margherita', qty: 2, variant: { name: 'Integrale' }, additions: [{ name: 'Bufala' }] });
            // Today's prices: after the owner's raise, the raised one.
            const margherita = snapshot.context.catalog!.products.find((p) => p.name === 'Margherita')!;
            expect(line!.totalCents).toBe(
              2 * (margherita.priceCents + margherita.variants[1]!.priceModifierCents + margherita.additions[0]!.priceCents),
            );
            break;
          }
          case 'client.pick': {
            if ((event as { id: number }).id !== mario.id) break;
            expect(form).toMatchObject({
              clientId: 1,
              name: mario.name,
              address: mario.address,
              telephone: mario.telephone,
              zoneId: mario.zoneId,
            });
            expect(form).toMatchObject({ delivery: 'consegna', paymentType: 'Contanti' });
            // A picked client is a home delivery to their zone: the cart prices for it (its fee; a pickup code dropped).
            expect(lastCommand).toEqual({ type: 'delivery.select', delivery: 'consegna', zoneId: mario.zoneId });
            break;
          }
          case 'client.query':
            expect(form.clientId).toBe(0);
            expect(view.client.newClientNote).toBe(NEW_CLIENT_NOTE);
            break;
          case 'delivery.change':
            expect(lastCommand).toEqual({
              type: 'delivery.select',
              delivery: (event as { delivery: string }).delivery,
              zoneId: form.zoneId,
            });
            break;
          case 'hour.change':
          case 'minute.change':
          case 'zone.select':
            // Out-of-range hours, minutes and unknown zones are ignored.
            if (JSON.stringify(form) === JSON.stringify(before!.form)) expect(JSON.stringify(event)).toMatch(/24|60|404/);
            // A zone chosen: the cart prices its fee for the delivery type on the form.
            else if (event.type === 'zone.select')
              expect(lastCommand).toEqual({ type: 'delivery.select', delivery: form.delivery, zoneId: form.zoneId });
            break;
          case 'lines.cart':
            // An item the product search or the gifts picked reaches the cart.
            expect(lastCommand).toEqual((event as { command: CartEvent }).command);
            break;
          case 'order.confirm': {
            // Every confirm carries its key (kept by retries, resent by the outbox); an edit the version it is based on; both the cart's lines.
            const input = invocations.at(-1)!.input as SaveOrderInput;
            expect(input.form).toEqual(form);
            expect(input.cart).toEqual({ lines: cart.lines, code: cart.code });
            if (opened)
              expect(input).toMatchObject({ order: { id: opened.id, version: opened.version }, idempotencyKey: 'chiave-ordine-1' });
            else expect(input).toMatchObject({ order: null, idempotencyKey: 'chiave-ordine-1' });
            expect(view.confirmButton.isDisabled).toBe(true);
            break;
          }
          case events.done('loadOrder'):
            if (event.output.ok) {
              // The cart prices the order's lines as the save will: unchanged ones at the order's prices.
              expect(lastCommand).toEqual({
                type: 'cart.load',
                orderId: openedPhoneOrder.id,
                lines: openedPhoneOrder.lines,
                code: openedPhoneOrder.code,
                delivery: openedPhoneOrder.form.delivery,
                zoneId: openedPhoneOrder.form.zoneId,
              });
              expect(view.orderNumber).toBe('Ordine numero #1');
              expect(form.name).toBe('Mario Rossi');
            } else {
              expect(view.message).toEqual({ text: 'Ordine non trovato.', isError: true });
              expect(lastCommand).toEqual({ type: 'cart.empty' });
              expect(effects.showOrder).toHaveBeenLastCalledWith(null);
            }
            break;
          case events.done('saveOrder'): {
            const output = event.output as SaveOrderOutcome;
            if (output.kind === 'saved' || output.kind === 'queued') {
              // Ready for the next order, the cart emptied and the list reloaded; after an edit the list comes back.
              expect(opened).toBeNull();
              expect(form).toMatchObject({ name: '', clientId: 0, hour: 19, minute: 45 });
              expect(snapshot.context.idempotencyKey).toBeNull();
              expect(effects.toCart).toHaveBeenCalledWith({ type: 'cart.empty' });
              expect(effects.ordersChanged).toHaveBeenCalled();
              // The URL follows: none after an update, what it already named after a new order.
              expect(snapshot.context.orderId).toBe(before!.opened ? null : before!.orderId);
              expect(effects.showOrder).toHaveBeenLastCalledWith(snapshot.context.orderId);
            }
            if (output.kind === 'saved') {
              expect(view.message).toEqual({ text: output.message, isError: false });
              if (output.client) expect(snapshot.context.catalog!.clients).toContainEqual(NEW_CLIENT);
              expect(effects.writeQueued).not.toHaveBeenCalled();
            } else if (output.kind === 'queued') {
              // Unreachable: the order waits in 'Da inviare' (the screen's outbox hears it) and the cashier is told so.
              expect(view.message).toEqual({ text: QUEUED_MESSAGE, isError: false });
              expect(effects.writeQueued).toHaveBeenLastCalledWith(queuedOrder);
            } else if (output.kind === 'stale') {
              // Nothing overwritten: the message stays while the order as saved elsewhere loads again.
              expect(view.message).toEqual({ text: STALE, isError: true });
              if (snapshot.context.orderId === before!.opened!.id)
                expect(invocations.at(-1)).toMatchObject({ src: 'loadOrder', input: { id: before!.opened!.id } });
            } else if (output.kind === 'failed') {
              expect(view.message).toEqual({ text: SERVER_DOWN, isError: true });
              // What was typed stays, with its key, unless the URL moved on to another order meanwhile.
              if (snapshot.context.orderId === (before!.opened?.id ?? null)) {
                expect(form).toEqual(before!.form);
                expect(snapshot.context.idempotencyKey).toBe(before!.idempotencyKey);
              }
            } else if (isEditing) {
              // Every field the server named shows its reason at once: no name and a bad phone together.
              expect(view.client.error).toBe(REFUSED_FIELDS.nomeCliente);
              expect(view.telephone.error).toBe(REFUSED_FIELDS.telefono);
              expect(view.otherErrors).toEqual([REFUSED_FIELDS.cart]);
              // The same key is kept: pressing again cannot make a second order.
              expect(snapshot.context.idempotencyKey).toBe(before!.idempotencyKey);
            }
            break;
          }
          case 'catalogue.changed': {
            // Only a newer version reloads; the order on screen, its form and its cart stay as they are.
            const version = (event as { version: number }).version;
            const reloads = invocations.filter((i) => i.id === 'reloadCatalog');
            if (previous!.matches({ ready: { catalogue: 'reloading' } })) {
              // Heard while loading: a newer change than the one being loaded starts the load again.
              const again = version > before!.catalogueHeard;
              expect(reloads.at(-2)?.outcome).toBe(again ? 'stopped' : 'pending');
              expect(reloads.at(-1)!.outcome).toBe('pending');
            } else expect(snapshot.matches({ ready: { catalogue: 'reloading' } })).toBe(version > before!.catalog!.catalogueVersion);
            expect({ form, opened, cart }).toEqual({ form: before!.form, opened: before!.opened, cart: before!.cart });
            break;
          }
          case events.done('cassaOrder.ready.catalogue.reloading'):
            // The owner's new price and sold-out badge are in the search; the order being edited is untouched.
            expect(snapshot.context.catalog).toEqual(changedCatalog);
            expect(linesTold.at(-1)).toEqual({ type: 'lines.catalog', catalog: changedCatalog });
            expect({ form, opened, cart }).toEqual({ form: before!.form, opened: before!.opened, cart: before!.cart });
            expect(snapshot.matches({ ready: { order: 'editing' } })).toBe(previous!.matches({ ready: { order: 'editing' } }));
            break;
          case events.error('cassaOrder.ready.catalogue.reloading'):
            // The products on screen stay; the next refresh of the list tries again.
            expect(snapshot.context.catalog).toBe(before!.catalog);
            break;
        }
        if (message === null) expect(view.message).toBeNull();

        // The handlers send what the machine expects.
        view.client.onChange('Ma');
        view.client.onPick(1);
        view.zone.onChange('');
        view.time.hour.onChange(20);
        view.confirmButton.onPress();
        expect(sent).toEqual([
          { type: 'client.query', text: 'Ma' },
          { type: 'client.pick', id: 1 },
          { type: 'zone.select', zoneId: null },
          { type: 'hour.change', hour: 20 },
          { type: 'order.confirm' },
        ]);
      },
    });
  });
});
