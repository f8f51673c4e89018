import { createActor, fromCallback, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectCheckout } from '../../machines/checkout.connect';
import { checkoutMachine, checkoutStep, savedCheckout } from '../../machines/checkout.machine';
import type { Product } from '../../machines/shop.machine';
import { EMPTY_FORM, type CheckoutEvent, type CheckoutForm, type SavedAddress, type Timeslot } from '../../machines/checkout.types';
import { ADDRESS_REQUIRED, checkoutDetailsErrors } from '../../src/domain';
import { checkoutEntry, FIXED_KEY, SHOP_CLOSED, SLOT_FULL, zones } from './checkout.entries';
import { expectFullCoverage, replayEntryPath } from './expectCoverage';
import { generatePaths, internalEvents } from './pathCoverage';

const paths = generatePaths(checkoutMachine, checkoutEntry);
const { done: doneOf, error: errorOf } = internalEvents(checkoutMachine);

describe('checkout machine: path coverage', () => {
  it('reaches every state node and takes every transition (visitor, customer, reload at step 6)', async () => {
    await expectFullCoverage(checkoutEntry, paths);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const placed: string[] = [];
    const prepared: (string | null)[] = [];
    const machine = checkoutMachine.provide({
      actions: {
        prepareCart: (_, { delivery }) => void prepared.push(delivery),
        addToCart: () => {},
        applyDiscount: () => {},
        orderPlaced: (_, { message }) => void placed.push(message),
      },
    });
    await replayEntryPath(checkoutEntry, path, {
      machine,
      assertInvariant: (snapshot, { step, previous, invocations }) => {
        const view = connectCheckout(snapshot, () => {});
        const at = checkoutStep(snapshot);
        // Nothing of a step shows until the browser's copy is read back.
        expect(view.title === null).toBe(at === null);
        // Step 1 only without a user; 'Prosegui' on 2–5, 'Indietro' from 3, confirm only on 6.
        if (at !== null && snapshot.context.hasUser && snapshot.status === 'active') expect(at).toBeGreaterThan(1);
        expect(view.nextButton !== null).toBe(at !== null && at >= 2 && at <= 5);
        if (snapshot.status === 'active') expect(view.summary !== null).toBe(at === 6);
        // What the browser keeps is the step on screen.
        if (at !== null && snapshot.status === 'active') expect(savedCheckout(snapshot)?.step).toBe(at);
        const type = step.event.type;
        if (type === 'checkout.restore') {
          // A reload or Back shows the step sent back, with its form; a visitor stays at step 1.
          const restored = step.event as Extract<CheckoutEvent, { type: 'checkout.restore' }>;
          expect(at).toBe(snapshot.context.hasUser ? restored.step : 1);
          expect(snapshot.context.form).toEqual(restored.form);
          expect(snapshot.context.idempotencyKey).toBe(restored.idempotencyKey);
        }
        if (snapshot.hasTag('submitting')) {
          // Back while the order is on its way changes nothing: the answer decides.
          const back = { type: 'checkout.restore', step: 5, form: snapshot.context.form, idempotencyKey: FIXED_KEY } as const;
          expect(snapshot.can(back)).toBe(false);
        }
        if (type === 'order.confirm' && previous?.matches({ summary: 'idle' })) {
          // One key per attempt: the saved one on a reload, else a new one, reused by every retry.
          expect(snapshot.context.idempotencyKey).toBe(FIXED_KEY);
          expect(view.summary?.confirmButton).toMatchObject({ isPending: true, label: 'Invio in corso...' });
        }
        if (snapshot.matches({ summary: 'submitting' })) {
          expect(invocations.at(-1)).toMatchObject({ src: 'placeOrder', input: { idempotencyKey: FIXED_KEY }, outcome: 'pending' });
        }
        if (type === doneOf('placeOrder')) {
          const output = (step.event as unknown as { output: { ok: boolean; message: string; field: string | null } }).output;
          if (output.ok) {
            expect(snapshot.status).toBe('done');
            expect(placed).toEqual(['Ordine confermato con successo!']);
          } else {
            // A refusal keeps what was typed and says why, on the step that must change.
            expect(snapshot.context.form).toEqual(previous!.context.form);
            expect(view.message).toBe(output.message);
            const isPickup = snapshot.context.form.tipoConsegna === 'ritiro';
            expect(at).toBe(output.message === SLOT_FULL ? 4 : output.message === SHOP_CLOSED ? 6 : isPickup ? 4 : 3);
            if (output.message === SLOT_FULL) {
              expect(view.details?.fascia.errorMessage).toBe(SLOT_FULL);
              expect(snapshot.hasTag('loading')).toBe(true);
            }
            expect(snapshot.context.idempotencyKey).toBe(FIXED_KEY);
          }
        }
        if (type === errorOf('placeOrder')) {
          expect(snapshot.matches({ summary: 'idle' })).toBe(true);
          expect(snapshot.context.idempotencyKey).toBe(FIXED_KEY);
        }
        if (type === 'step.next' && at === 3 && previous && checkoutStep(previous) === 3) {
          expect(view.address?.errorMessage).toBe(ADDRESS_REQUIRED);
        }
        // Pickup needs only a name and a phone: it never shows the address step, and counts five steps.
        if (snapshot.context.form.tipoConsegna === 'ritiro' && at !== null && at >= 2) {
          expect(at).not.toBe(3);
          expect(view.stepLabel).toMatch(/ di 5$/);
        }
        // A press meant for the step before (a double click) reaches step 4 while it loads: no error
        // shows before the customer has done anything there.
        if (type === 'step.next' && previous?.matches({ details: 'loading' })) {
          expect(view.nextButton?.isDisabled).toBe(true);
          expect(snapshot.context.errors).toEqual(previous.context.errors);
        }
        if (type === 'summary.edit') {
          const edited = step.event as Extract<CheckoutEvent, { type: 'summary.edit' }>;
          expect(at).toBe(edited.step);
          expect(view.message).toBeNull();
        }
        // 'Prosegui' from a step 'Modifica' opened comes back to the summary once the details are valid.
        if (type === 'step.next' && previous?.context.isEditingSummary && previous.matches({ details: 'ready' })) {
          expect(at).toBe(Object.keys(checkoutDetailsErrors(previous.context.form, zones)).length === 0 ? 6 : 4);
        }
        // Entering step 6 re-prices the cart for the chosen delivery type.
        if (at === 6 && previous && checkoutStep(previous) !== 6) expect(prepared.at(-1)).toBe(snapshot.context.form.tipoConsegna);
        if (view.summary) {
          const isPickup = snapshot.context.form.tipoConsegna === 'ritiro';
          // Where and when, as chosen: each fact with its 'Modifica'.
          const { form } = snapshot.context;
          const facts = Object.fromEntries(view.summary.facts.map((fact) => [fact.label, fact.value]));
          expect(facts).toMatchObject({ Telefono: form.telefono, 'Fascia oraria': form.fascia });
          expect(facts).toMatchObject(
            isPickup
              ? { 'Consegna o ritiro': 'Ritiro in pizzeria', Nome: form.nomeCliente }
              : { 'Consegna o ritiro': 'Consegna a domicilio', Indirizzo: form.indirizzo, 'Nome sul citofono': form.nomeCitofono },
          );
          expect(view.summary.facts.every((fact) => fact.editButton['aria-label'].startsWith('Modifica '))).toBe(true);
          expect(view.summary.showsDiscountField).toBe(!isPickup);
          expect(view.summary.finalLabel).toBe(isPickup ? 'Da pagare al ritiro' : 'Da pagare alla consegna');
        }
      },
    });
  });
});

describe('checkout machine: step 4 before any attempt', () => {
  it('a double press of Prosegui at step 3 lands on step 4 with no error shown (issue 28 point 5)', () => {
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          followSession: fromCallback(({ sendBack }) => sendBack({ type: 'session.changed', hasUser: true })),
          loadAddresses: fromPromise<SavedAddress[]>(() => new Promise(() => {})),
          // Step 4 still loading when the second press arrives.
          loadTimeslots: fromPromise<Timeslot[]>(() => new Promise(() => {})),
        },
      }),
      { input: { zones, createKey: () => FIXED_KEY } },
    ).start();
    actor.send({
      type: 'checkout.restore',
      step: 3,
      form: { ...EMPTY_FORM, tipoConsegna: 'consegna', addressSelector: 0 },
      idempotencyKey: null,
    });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    const view = connectCheckout(actor.getSnapshot(), () => {});
    expect(view.title).toBe('Dettagli');
    expect(view.details?.fascia.errorMessage).toBeNull();
    expect(view.details?.telefono.errorMessage).toBeNull();
    actor.stop();
  });
});

describe("checkout machine: 'Allergie o intolleranze' (issue 29)", () => {
  const atDetails = (allergyNote: string) => {
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          followSession: fromCallback(({ sendBack }) => sendBack({ type: 'session.changed', hasUser: true })),
          loadTimeslots: fromPromise<Timeslot[]>(async () => [{ time: '19:15', available: true }]),
          loadSuggestions: fromPromise<Product[]>(async () => []),
        },
        actions: { prepareCart: () => {} },
      }),
      { input: { zones, createKey: () => FIXED_KEY } },
    ).start();
    const form = { ...EMPTY_FORM, tipoConsegna: 'ritiro' as const, nomeCliente: 'Ada', telefono: '333 123 4567', fascia: '19:15' };
    actor.send({ type: 'checkout.restore', step: 4, form: { ...form, allergy_note: allergyNote }, idempotencyKey: null });
    const view = () => connectCheckout(actor.getSnapshot(), (event) => actor.send(event));
    return { actor, view };
  };

  it('is optional, counts its characters and appends a quick choice once, as the kitchen reads it', () => {
    const { view } = atDetails('');
    expect(view().details!.allergyNote).toMatchObject({ label: 'Allergie o intolleranze', value: '', counter: '0/200 caratteri' });
    const choices = () => view().details!.allergyNote.quickChoices;
    expect(choices().map((c) => c.label)).toHaveLength(14);
    choices()
      .find((c) => c.label === 'Frutta a guscio')!
      .onPress();
    choices()
      .find((c) => c.label === 'Latte')!
      .onPress();
    choices()
      .find((c) => c.label === 'Latte')!
      .onPress();
    expect(view().details!.allergyNote).toMatchObject({ value: 'frutta a guscio, latte', counter: '22/200 caratteri' });
  });

  it('refuses more than 200 characters in Italian at Prosegui, and the summary repeats a valid note', async () => {
    const { actor, view } = atDetails('x'.repeat(201));
    await new Promise((resolve) => setTimeout(resolve));
    view().nextButton!.onPress();
    expect(view().title).toBe('Dettagli');
    expect(view().details!.allergyNote.errorMessage).toBe('Il campo allergie o intolleranze non può superare 200 caratteri.');
    view().details!.allergyNote.onChange('mio figlio è allergico alla frutta a guscio');
    expect(view().details!.allergyNote.errorMessage).toBeNull();
    view().nextButton!.onPress();
    await new Promise((resolve) => setTimeout(resolve));
    view().nextButton!.onPress();
    expect(view().summary!.facts).toContainEqual(
      expect.objectContaining({ label: 'Allergie o intolleranze', value: 'mio figlio è allergico alla frutta a guscio', step: 4 }),
    );
    actor.stop();
  });

  it('refuses control characters', async () => {
    const { actor, view } = atDetails('latte\u0007');
    await new Promise((resolve) => setTimeout(resolve));
    view().nextButton!.onPress();
    expect(view().details!.allergyNote.errorMessage).toBe('Il campo allergie o intolleranze ha un formato non valido.');
    actor.stop();
  });
});

describe("checkout machine: pickup starts from the customer's last pickup", () => {
  const pickupDetails = async (addresses: SavedAddress[], typed: Partial<CheckoutForm> = {}, userName: string | null = null) => {
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          followSession: fromCallback(({ sendBack }) => sendBack({ type: 'session.changed', hasUser: true, userName })),
          loadAddresses: fromPromise<SavedAddress[]>(async () => addresses),
          loadTimeslots: fromPromise<Timeslot[]>(async () => [{ time: '19:15', available: true }]),
        },
      }),
      { input: { zones, createKey: () => FIXED_KEY } },
    ).start();
    actor.send({ type: 'checkout.restore', step: 2, form: { ...EMPTY_FORM, ...typed }, idempotencyKey: null });
    await new Promise((resolve) => setTimeout(resolve));
    actor.send({ type: 'delivery.select', delivery: 'ritiro' });
    actor.send({ type: 'step.next' });
    const view = () => connectCheckout(actor.getSnapshot(), (event) => actor.send(event)).details!;
    return { actor, view };
  };
  // Newest first, as the server lists them.
  const saved: SavedAddress[] = [
    { id: 9, name: 'Lovelace', zoneId: zones[0]!.id, address: 'Via Appia 1', telephone: '3470000000', delivery: 'consegna' },
    { id: 8, name: 'Ada Lovelace', zoneId: null, address: null, telephone: '3331234567', delivery: 'ritiro' },
    { id: 3, name: 'Ada', zoneId: null, address: null, telephone: '3330000000', delivery: 'ritiro' },
  ];

  it('fills Nome and Telefono with the newest saved pickup (not the profile), still editable', async () => {
    const { view } = await pickupDetails(saved, {}, 'Ada Byron');
    expect([view().nomeCliente?.value, view().telefono.value]).toEqual(['Ada Lovelace', '3331234567']);
    view().telefono.onChange('3339998877');
    expect(view().telefono.value).toBe('3339998877');
  });

  it("keeps what the customer typed; with no saved pickup, the profile's name and no phone", async () => {
    const typed = await pickupDetails(saved, { nomeCliente: 'Ada L.' });
    expect([typed.view().nomeCliente?.value, typed.view().telefono.value]).toEqual(['Ada L.', '3331234567']);
    const profile = await pickupDetails(saved.slice(0, 1), {}, 'Ada Byron');
    expect([profile.view().nomeCliente?.value, profile.view().telefono.value]).toEqual(['Ada Byron', '']);
    const none = await pickupDetails([]);
    expect([none.view().nomeCliente?.value, none.view().telefono.value]).toEqual(['', '']);
  });
});
