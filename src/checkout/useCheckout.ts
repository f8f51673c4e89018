import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fromCallback } from 'xstate';
import { checkoutMachine, checkoutStep, savedCheckout } from '../../machines/checkout.machine';
import { EMPTY_FORM, type CheckoutEvent, type SavedCheckout, type Step } from '../../machines/checkout.types';
import { useApiActors, useAppActors, useScreenActor } from '../actors/AppActors';
import { createCheckoutActors } from '../api/checkoutActors';
import { getAppActor } from '../../machines/app.machine';
import { storage } from '../actors/storage';
import { servedZones } from '../domain';

const CHECKOUT_PATH = '/ecommerce/checkout';

/**
 * The step a history entry shows. Entries are written with react-router's public `navigate(path,
 * { state })` and read back from `useLocation().state`: the router owns the history stack (its own
 * index and key in each entry; a memory router in the component tests), so pushing entries behind
 * its back would put them out of step.
 */
const entryStep = (state: unknown) => (state as { checkoutStep?: Step } | null)?.checkoutStep ?? null;

const restore = (saved: SavedCheckout | null): CheckoutEvent => ({
  type: 'checkout.restore',
  ...(saved ?? { step: 1, form: EMPTY_FORM, idempotencyKey: null }),
});

/**
 * The checkout actor of the page. Its state node owns the step: one subscription writes the tab's
 * copy (a reload comes back to it) and a history entry per step entered (the browser's Back lands on
 * the previous step's entry); both come back as `checkout.restore`, and the machine decides: a later
 * step is only gone on to by 'Prosegui', which checks it (but Back from a step the summary's
 * 'Modifica' opened returns to the summary).
 */
export function useCheckout() {
  const { shop, cart } = useAppActors();
  // The order carries the cart as the cart actor holds it when the customer confirms; a total changed
  // meanwhile re-prices it, so the summary shows the new one.
  const io = useApiActors((api) =>
    createCheckoutActors(
      api,
      () => cart.getSnapshot().context,
      () => cart.send({ type: 'cart.refresh' }),
    ),
  );
  const navigate = useNavigate();
  const location = useLocation();
  const actor = useScreenActor(
    checkoutMachine.provide({
      actors: {
        ...io,
        // The session's owner (found in the app's actor system) tells the checkout whether a user is in, and who, now and on every change.
        followSession: fromCallback<CheckoutEvent>(({ sendBack, system }) => {
          const session = getAppActor(system, 'session');
          const tell = (user: { name: string } | null) =>
            sendBack({ type: 'session.changed', hasUser: user !== null, userName: user?.name ?? null });
          tell(session.getSnapshot().context.user);
          const subscription = session.subscribe((s) => tell(s.context.user));
          return () => subscription.unsubscribe();
        }),
      },
      actions: {
        prepareCart: ({ system }, { delivery, zoneId }) => getAppActor(system, 'cart').send({ type: 'delivery.select', delivery, zoneId }),
        addToCart: ({ system }, { product }) =>
          getAppActor(system, 'cart').send({ type: 'line.add', choice: { product, variant: null, additions: [], qty: 1 } }),
        applyDiscount: ({ system }, { code }) => getAppActor(system, 'cart').send({ type: 'discount.apply', code }),
        orderPlaced: ({ system }, { message, orderId, trackingPath }) => {
          getAppActor(system, 'cart').send({ type: 'cart.empty' });
          const query = new URLSearchParams({ message, ordine: String(orderId), ...(trackingPath && { segui: trackingPath }) });
          void navigate(`/ecommerce/ordine-confermato?${query}`, { replace: true });
        },
      },
    }),
    { input: { zones: servedZones(shop.getSnapshot().context.zones), createKey: () => crypto.randomUUID() } },
  );

  const entry = entryStep(location.state);
  useEffect(() => {
    // Read back (after the actor started, so it knows the session): the tab's copy on arrival, another
    // step's entry on Back (the machine takes an earlier step, or the summary 'Modifica' left).
    const current = actor.getSnapshot();
    const at = checkoutStep(current);
    if (at === null) actor.send(restore(storage.checkout()));
    else if (entry !== null && entry !== at) actor.send(restore({ ...savedCheckout(current)!, step: entry }));

    let shown = entry;
    const write = (snapshot: typeof current) => {
      storage.saveCheckout(savedCheckout(snapshot));
      const step = checkoutStep(snapshot);
      if (step === null || step === shown || snapshot.status === 'done') return;
      // Step 1 is never gone back to (it is left by logging in): the next step takes its entry, so
      // Back from step 2 leaves the checkout at once.
      void navigate(CHECKOUT_PATH, { state: { checkoutStep: step }, replace: shown === null || shown === 1 });
      shown = step;
    };
    write(actor.getSnapshot());
    const subscription = actor.subscribe(write);
    return () => subscription.unsubscribe();
  }, [actor, entry, location.key, navigate]);

  return actor;
}
