import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { deliveryCodeEvent } from '../../machines/cart.machine';
import { checkoutMachine, checkoutStep, savedCheckout, type Step } from '../../machines/checkout.machine';
import { useAppActors, usePersisted } from '../actors/AppActors';
import { storage } from '../actors/storage';
import { servedZones } from '../domain';

const CHECKOUT_PATH = '/ecommerce/checkout';

/** The step the current history entry shows (react-router keeps it in the entry's state). */
const historyStep = (state: unknown) => (state as { checkoutStep?: Step } | null)?.checkoutStep ?? null;

/**
 * The checkout actor of the page. The machine owns the step; every step it enters gets a history
 * entry (`showStep`), so the browser's Back lands on the previous step's entry and is sent back as
 * `step.back`. Step and form live in the tab's storage, so a reload comes back to them.
 */
export function useCheckout() {
  const { io, session, shop, cart } = useAppActors();
  const navigate = useNavigate();
  const location = useLocation();
  const actor = useActorRef(
    checkoutMachine.provide({
      actors: io.checkout,
      actions: {
        showStep: (_, { step }) => {
          const shown = historyStep(window.history.state?.usr);
          if (shown === step) return;
          // Step 1 is never gone back to (it is left by logging in): the next step takes its entry,
          // so Back from step 2 leaves the checkout at once.
          void navigate(CHECKOUT_PATH, { state: { checkoutStep: step }, replace: shown === null || shown === 1 });
        },
        prepareCart: (_, { delivery }) => cart.send(deliveryCodeEvent(cart.getSnapshot().context.code, delivery)),
        addToCart: (_, { product }) => cart.send({ type: 'line.add', choice: { product, variant: null, additions: [], qty: 1 } }),
        applyDiscount: (_, { code }) => cart.send({ type: 'discount.apply', code }),
        orderPlaced: (_, { message }) => {
          cart.send({ type: 'cart.empty' });
          void navigate(`/ecommerce/ordine-confermato?message=${encodeURIComponent(message)}`, { replace: true });
        },
      },
    }),
    {
      input: {
        hasUser: session.getSnapshot().context.user !== null,
        zones: servedZones(shop.getSnapshot().context.zones),
        saved: storage.checkout(),
        createKey: () => crypto.randomUUID(),
      },
    },
  );
  usePersisted(actor, savedCheckout, storage.saveCheckout);

  useEffect(() => {
    const subscription = session.subscribe((s) => actor.send({ type: 'session.changed', hasUser: s.context.user !== null }));
    return () => subscription.unsubscribe();
  }, [actor, session]);

  // The browser's Back (or 'Indietro', which goes back in the history) shows an earlier step's entry.
  const shown = historyStep(location.state);
  useEffect(() => {
    if (shown !== null && shown < checkoutStep(actor.getSnapshot())) actor.send({ type: 'step.back' });
  }, [actor, shown, location.key]);

  return actor;
}
