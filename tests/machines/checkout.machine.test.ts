import { describe, expect, it } from 'vitest';
import { checkoutMachine, checkoutStep, connectCheckout, type Step } from '../../machines/checkout.machine';
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
    const shown: Step[] = [];
    const placed: string[] = [];
    const prepared: (string | null)[] = [];
    const machine = checkoutMachine.provide({
      actions: {
        showStep: (_, { step }) => void shown.push(step),
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
        // Step 1 only without a user; 'Prosegui' on 2–5, 'Indietro' from 3, confirm only on 6.
        if (snapshot.context.hasUser && snapshot.status === 'active') expect(at).toBeGreaterThan(1);
        expect(view.nextButton !== null).toBe(at >= 2 && at <= 5);
        if (snapshot.status === 'active') expect(view.summary !== null).toBe(at === 6);
        // The history mirrors every step entered.
        if (snapshot.status === 'active') expect(shown.at(-1)).toBe(at);
        const type = step.event.type;
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
        if (view.summary) expect(view.summary.showsDiscountField).toBe(snapshot.context.form.tipoConsegna !== 'ritiro');
      },
    });
  });
});
