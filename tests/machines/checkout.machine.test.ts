import { describe, expect, it } from 'vitest';
import { connectCheckout } from '../../machines/checkout.connect';
import { checkoutMachine, checkoutStep, savedCheckout } from '../../machines/checkout.machine';
import type { CheckoutEvent } from '../../machines/checkout.types';
import { ADDRESS_REQUIRED } from '../../src/domain';
import { checkoutEntry, FIXED_KEY, SHOP_CLOSED, SLOT_FULL } from './checkout.entries';
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
          expect(view.summary?.confirmButton.isDisabled).toBe(true);
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
            expect(at).toBe(output.message === SLOT_FULL ? 4 : output.message === SHOP_CLOSED ? 6 : 3);
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
        // Entering step 6 re-prices the cart for the chosen delivery type.
        if (at === 6 && previous && checkoutStep(previous) !== 6) expect(prepared.at(-1)).toBe(snapshot.context.form.tipoConsegna);
        if (view.summary) {
          const isPickup = snapshot.context.form.tipoConsegna === 'ritiro';
          expect(view.summary.showsDiscountField).toBe(!isPickup);
          expect(view.summary.finalLabel).toBe(isPickup ? 'Da pagare al ritiro' : 'Da pagare alla consegna');
        }
      },
    });
  });
});
