import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { connectCart, FEE_BY_ZONE_NOTE } from '../../machines/cart.connect';
import { cartMachine, lineKey, type CartEvent, type PriceAnswer, type PriceRequest } from '../../machines/cart.machine';
import { PICKUP_CODE, UNKNOWN_CODE } from '../mocks/cart';
import { expectFullCoverage, replayEntryPath } from './expectCoverage';
import { answerFor, cartEntry, fioriChoice, margheritaChoice, savedCart, WITHDRAWN } from './menu.entries';
import { generatePaths, internalEvents } from './pathCoverage';

const paths = generatePaths(cartMachine, cartEntry);
const { done: doneOf, error: errorOf } = internalEvents(cartMachine);
const UNKNOWN_MESSAGE = 'Codice sconto non valido o non attivo.';
const OPEN = { isClosed: false };

describe('cart machine: path coverage', () => {
  // ~480 replays in one test: a loaded machine needs more than the default 5 s.
  it('reaches every state node and takes every transition (from a remembered cart to an empty one and back)', async () => {
    await expectFullCoverage(cartEntry, paths);
  }, 30_000);

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const notifyError = vi.fn();
    const machine = cartMachine.provide({ actions: { notifyError: (_, params) => notifyError(params.message) } });
    let errors = 0;
    await replayEntryPath(cartEntry, path, {
      machine,
      assertInvariant: (snapshot, { step, previous, invocations }) => {
        const { context } = snapshot;
        const sent: CartEvent[] = [];
        const view = connectCart(snapshot, (event) => sent.push(event), OPEN);
        expect(view.isPricing).toBe(snapshot.matches('waiting') || snapshot.matches('pricing'));
        // Quantities never below 1.
        for (const line of context.lines) expect(line.qty).toBeGreaterThanOrEqual(1);
        view.lines.forEach((line, i) => expect(line.decrementButton.isDisabled).toBe(context.lines[i]!.qty === 1));
        // While pricing, the request carries the cart as it is now, the code entered, the delivery type
        // and the order the cassa reopened (its unchanged lines keep their prices).
        if (snapshot.matches('pricing')) {
          expect(invocations.at(-1)).toMatchObject({
            src: 'priceCart',
            input: { lines: context.lines, code: context.code, delivery: context.delivery, orderId: context.orderId },
            outcome: 'pending',
          });
        }
        const type = step.event.type;
        if (type === 'cart.load') expect(context.orderId).toBe(11);
        if (type === 'cart.empty') expect(context.orderId).toBeNull();
        if (type === 'delivery.select') {
          // Pickup brings its code; home delivery drops it.
          if (context.delivery === 'ritiro') expect(context.code).toBe(PICKUP_CODE);
          else expect(context.code).not.toBe(PICKUP_CODE);
        }
        // A pickup-only code on home delivery never shows a discount, and says why.
        if (context.delivery === 'consegna' && context.discount?.code === PICKUP_CODE) {
          expect(view.totals?.discount).toBeNull();
          expect(view.codeError).toBe('Il codice RITIRO-IN-PIZZERIA è valido solo per il ritiro in pizzeria.');
        }
        if (type === doneOf('priceCart')) {
          const answer = (step.event as unknown as { output: PriceAnswer }).output;
          const asked = invocations.filter((i) => i.outcome === 'resolved').at(-1)!.input as PriceRequest;
          if (!answer.ok) {
            errors++;
            // A refusal keeps the cart and raises the global error with the server's message.
            expect(context).toEqual(previous!.context);
            expect(notifyError).toHaveBeenLastCalledWith(WITHDRAWN);
          } else if (asked.code === UNKNOWN_CODE) {
            // The unknown code is dropped, said, and the cart priced again without it.
            expect({ code: context.code, message: context.codeMessage }).toEqual({ code: null, message: UNKNOWN_MESSAGE });
            expect(snapshot.matches('pricing')).toBe(true);
            expect(invocations.at(-1)!.input).toEqual({
              lines: asked.lines,
              code: null,
              delivery: asked.delivery,
              zoneId: asked.zoneId,
              orderId: asked.orderId,
            });
          } else {
            const { priced: answered } = answer;
            // The server's cart, totals and discount replace the browser's; the entered code stays.
            expect(context.lines).toEqual(answered.lines);
            expect(context.backend).toEqual(answered.backend);
            expect(context.discount).toEqual(answered.discount);
            expect(context.code).toBe(asked.code);
            expect(snapshot.matches('idle')).toBe(true);
          }
        }
        if (type === errorOf('priceCart')) {
          // A failure (5xx, network) keeps the cart; the API client raised its one toast, the cart none.
          expect(context).toEqual(previous!.context);
        }
        expect(notifyError).toHaveBeenCalledTimes(errors);
        if (type === 'cart.empty') expect(context).toMatchObject({ lines: [], backend: null, code: null, discount: null });
        // The button to the checkout shows the server's count and total, and only with something to pay.
        if (context.backend && context.backend.totalCents > 0 && context.lines.length > 0) {
          expect(view.checkoutButton?.label).toMatch(/^Invia ordine \(\d+ articol[oi]\) - \d+,\d\d €$/);
          expect(view.checkoutButton?.isDisabled).toBe(view.isPricing);
        } else {
          expect(view.checkoutButton).toBeNull();
        }
        expect(connectCart(snapshot, () => {}, { isClosed: true }).checkoutButton).toBeNull();
        if (view.lines[0]) {
          view.lines[0].removeButton.onPress();
          view.lines[0].incrementButton.onPress();
          expect(sent).toEqual([
            { type: 'line.remove', line: lineKey(context.lines[0]!) },
            { type: 'quantity.increment', index: 0 },
          ]);
        }
      },
    });
  });
});

/** A cart whose price requests are answered by hand. */
function startCart(saved = null as typeof savedCart | null) {
  const requests: { input: PriceRequest; answer: (answer: PriceAnswer) => void; fail: (error: Error) => void }[] = [];
  const notifyError = vi.fn();
  const cart = createActor(
    cartMachine.provide({
      actors: {
        priceCart: fromPromise<PriceAnswer, PriceRequest>(
          ({ input }) => new Promise((answer, fail) => requests.push({ input, answer, fail })),
        ),
      },
      actions: { notifyError: (_, { message }) => notifyError(message) },
    }),
    { input: { saved } },
  ).start();
  return { cart, requests, notifyError };
}

describe('cart machine: pricing', () => {
  it('prices a remembered cart again on start (its last request may have been cut off by leaving the page)', async () => {
    vi.useFakeTimers();
    try {
      const { cart, requests } = startCart({ ...savedCart, backend: null });
      expect(connectCart(cart.getSnapshot(), () => {}, OPEN).checkoutButton).toBeNull();
      await vi.advanceTimersByTimeAsync(200);
      expect(requests.map((r) => r.input)).toEqual([{ lines: savedCart.lines, code: null, delivery: null, zoneId: null, orderId: null }]);
      requests[0]!.answer(answerFor(requests[0]!.input));
      await vi.advanceTimersByTimeAsync(0);
      expect(connectCart(cart.getSnapshot(), () => {}, OPEN).checkoutButton?.label).toBe('Invia ordine (1 articolo) - 10,50 €');
    } finally {
      vi.useRealTimers();
    }
  });

  it("prices a home delivery for its zone and shows the fee as its own line, and the zone's minimum", async () => {
    vi.useFakeTimers();
    try {
      const { cart, requests } = startCart(savedCart);
      await vi.advanceTimersByTimeAsync(200);
      requests[0]!.answer(answerFor(requests[0]!.input));
      await vi.advanceTimersByTimeAsync(0);
      // Before the zone is known the page says the fee depends on it (when some zone charges one).
      expect(connectCart(cart.getSnapshot(), () => {}, { ...OPEN, zonesCharge: true }).feeNote).toBe(FEE_BY_ZONE_NOTE);
      expect(connectCart(cart.getSnapshot(), () => {}, OPEN).feeNote).toBeNull();
      cart.send({ type: 'delivery.select', delivery: 'consegna', zoneId: 2 });
      await vi.advanceTimersByTimeAsync(200);
      expect(requests[1]!.input).toMatchObject({ delivery: 'consegna', zoneId: 2 });
      const priced = answerFor(requests[1]!.input);
      if (!priced.ok) throw new Error('priced');
      const backend = {
        ...priced.priced.backend,
        deliveryFeeCents: 250,
        belowMinimum: "L'ordine minimo per Monteverde è 15,00 €.",
        finalCents: 1300,
      };
      requests[1]!.answer({ ok: true, priced: { ...priced.priced, backend } });
      await vi.advanceTimersByTimeAsync(0);
      expect(connectCart(cart.getSnapshot(), () => {}, OPEN).totals).toMatchObject({
        total: '10,50 €',
        deliveryFee: '2,50 €',
        final: '13,00 €',
        belowMinimum: "L'ordine minimo per Monteverde è 15,00 €.",
      });
      // Issue 28 point 4: the page's every total agrees with its button, the fee its own line; no
      // "depends on the zone" once the zone is known.
      const known = connectCart(cart.getSnapshot(), () => {}, { ...OPEN, zonesCharge: true });
      expect(known.checkoutButton?.label).toBe('Invia ordine (1 articolo) - 13,00 €');
      expect(known.feeNote).toBeNull();
      // Pickup: no zone travels, so no fee.
      cart.send({ type: 'delivery.select', delivery: 'ritiro' });
      await vi.advanceTimersByTimeAsync(200);
      expect(requests[2]!.input).toMatchObject({ delivery: 'ritiro', zoneId: null });
      expect(connectCart(cart.getSnapshot(), () => {}, { ...OPEN, zonesCharge: true }).feeNote).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits PRICE_DEBOUNCE after the last change, then sends one request for the latest cart', async () => {
    vi.useFakeTimers();
    try {
      const { cart, requests } = startCart();
      cart.send({ type: 'line.add', choice: margheritaChoice });
      await vi.advanceTimersByTimeAsync(150);
      cart.send({ type: 'line.add', choice: fioriChoice });
      await vi.advanceTimersByTimeAsync(199);
      expect(requests).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.input.lines.map((l) => l.name)).toEqual(['Margherita', 'Fiori di zucca e alici']);
      expect(cartMachine.implementations.delays.PRICE_DEBOUNCE).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never lets a slow earlier answer overwrite a newer cart', async () => {
    vi.useFakeTimers();
    try {
      const { cart, requests } = startCart();
      cart.send({ type: 'line.add', choice: margheritaChoice });
      await vi.advanceTimersByTimeAsync(200);
      cart.send({ type: 'line.add', choice: fioriChoice });
      await vi.advanceTimersByTimeAsync(200);
      expect(requests).toHaveLength(2);
      // The newer answer arrives first, then the stale one for the one-line cart.
      requests[1]!.answer(answerFor(requests[1]!.input));
      await vi.advanceTimersByTimeAsync(0);
      requests[0]!.answer(answerFor(requests[0]!.input));
      await vi.advanceTimersByTimeAsync(0);
      const { context } = cart.getSnapshot();
      expect(context.lines).toHaveLength(2);
      expect(context.backend).toEqual({ totalQuantity: 3, totalCents: 3150, deliveryFeeCents: 0, belowMinimum: null, finalCents: 3150 });
      expect(cart.getSnapshot().value).toBe('idle');
    } finally {
      vi.useRealTimers();
    }
  });

  it('merges the same choice into one line, removes by product, dough and additions, edits in place', () => {
    const { cart } = startCart(savedCart);
    cart.send({ type: 'line.add', choice: margheritaChoice });
    cart.send({ type: 'line.add', choice: { ...margheritaChoice, qty: 1 } });
    cart.send({ type: 'line.add', choice: { ...margheritaChoice, additions: [], qty: 1 } });
    const names = () => cart.getSnapshot().context.lines.map((l) => `${l.name} ${l.additions.length} ×${l.qty} ${l.totalCents}`);
    expect(names()).toEqual(['Fiori di zucca e alici 0 ×1 1050', 'Margherita 1 ×3 3150', 'Margherita 0 ×1 800']);
    cart.send({ type: 'line.remove', line: { productId: margheritaChoice.product.id, variantId: 2, additionIds: [] } });
    expect(names()).toEqual(['Fiori di zucca e alici 0 ×1 1050', 'Margherita 1 ×3 3150']);
    cart.send({ type: 'line.replace', index: 1, choice: { ...margheritaChoice, variant: null, qty: 1 } });
    expect(names()).toEqual(['Fiori di zucca e alici 0 ×1 1050', 'Margherita 1 ×1 950']);
  });

  it('applies a code, keeps it through the answer, and drops an unknown one with its message', async () => {
    vi.useFakeTimers();
    try {
      const { cart, requests } = startCart(savedCart);
      cart.send({ type: 'line.add', choice: margheritaChoice });
      cart.send({ type: 'discount.apply', code: ` ${PICKUP_CODE} ` });
      await vi.advanceTimersByTimeAsync(200);
      expect(requests[0]!.input.code).toBe(PICKUP_CODE);
      requests[0]!.answer(answerFor(requests[0]!.input));
      await vi.advanceTimersByTimeAsync(0);
      const view = connectCart(cart.getSnapshot(), () => {}, OPEN);
      expect(view.totals).toEqual({
        total: '31,50 €',
        final: '26,77 €',
        discount: `${PICKUP_CODE}: -4,73 €`,
        deliveryFee: null,
        belowMinimum: null,
      });
      expect(view.checkoutButton?.label).toBe('Invia ordine (3 articoli) - 26,77 €');

      cart.send({ type: 'discount.apply', code: UNKNOWN_CODE });
      await vi.advanceTimersByTimeAsync(200);
      requests[1]!.answer(answerFor(requests[1]!.input));
      await vi.advanceTimersByTimeAsync(0);
      expect(requests[2]!.input.code).toBeNull();
      expect(connectCart(cart.getSnapshot(), () => {}, OPEN)).toMatchObject({ code: null, codeMessage: UNKNOWN_MESSAGE });
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks with the delivery type, so a pickup-only code typed on home delivery shows no discount', async () => {
    vi.useFakeTimers();
    try {
      const { cart, requests } = startCart(savedCart);
      cart.send({ type: 'line.add', choice: margheritaChoice });
      cart.send({ type: 'delivery.select', delivery: 'consegna' });
      cart.send({ type: 'discount.apply', code: PICKUP_CODE });
      await vi.advanceTimersByTimeAsync(200);
      expect(requests[0]!.input).toMatchObject({ code: PICKUP_CODE, delivery: 'consegna' });
      requests[0]!.answer(answerFor(requests[0]!.input));
      await vi.advanceTimersByTimeAsync(0);
      const view = connectCart(cart.getSnapshot(), () => {}, OPEN);
      expect(view.totals).toEqual({ total: '31,50 €', final: '31,50 €', discount: null, deliveryFee: null, belowMinimum: null });
      expect(view.codeError).toBe('Il codice RITIRO-IN-PIZZERIA è valido solo per il ritiro in pizzeria.');

      // Pickup chosen instead: the same code takes its 15 %.
      cart.send({ type: 'delivery.select', delivery: 'ritiro' });
      await vi.advanceTimersByTimeAsync(200);
      expect(requests[1]!.input).toMatchObject({ code: PICKUP_CODE, delivery: 'ritiro' });
      requests[1]!.answer(answerFor(requests[1]!.input));
      await vi.advanceTimersByTimeAsync(0);
      expect(connectCart(cart.getSnapshot(), () => {}, OPEN).totals?.discount).toBe(`${PICKUP_CODE}: -4,73 €`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refused request keeps the cart and raises the error; a failed one leaves the error to the API client', async () => {
    vi.useFakeTimers();
    try {
      const { cart, requests, notifyError } = startCart(savedCart);
      cart.send({ type: 'quantity.increment', index: 0 });
      await vi.advanceTimersByTimeAsync(200);
      requests[0]!.answer({ ok: false, message: WITHDRAWN });
      await vi.advanceTimersByTimeAsync(0);
      expect(notifyError).toHaveBeenCalledWith(WITHDRAWN);
      expect(cart.getSnapshot().context.lines[0]!.qty).toBe(2);
      cart.send({ type: 'quantity.increment', index: 0 });
      await vi.advanceTimersByTimeAsync(200);
      requests[1]!.fail(new Error('Errore generico'));
      await vi.advanceTimersByTimeAsync(0);
      expect(notifyError).toHaveBeenCalledTimes(1);
      expect(cart.getSnapshot().context.lines[0]!.qty).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hides the checkout button when the shop is closed or the total is 0', () => {
    const { cart } = startCart(savedCart);
    expect(connectCart(cart.getSnapshot(), () => {}, OPEN).checkoutButton?.label).toBe('Invia ordine (1 articolo) - 10,50 €');
    expect(connectCart(cart.getSnapshot(), () => {}, { isClosed: true }).checkoutButton).toBeNull();
    cart.send({ type: 'cart.empty' });
    expect(connectCart(cart.getSnapshot(), () => {}, OPEN).checkoutButton).toBeNull();
  });
});
