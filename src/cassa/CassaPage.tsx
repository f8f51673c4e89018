import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { savedCart } from '../../machines/cart.machine';
import { cassaOrderMachine } from '../../machines/cassaOrder.machine';
import { connectOrderPolling, orderPollingMachine } from '../../machines/orderPolling.machine';
import { createCassaOrderActors, createOrderPollingActors } from '../api/cassaActors';
import { useAppActors, useView } from '../actors/AppActors';
import { InHeader } from '../ui/HeaderSlot';
import { usePageTitle } from '../ui/usePageTitle';
import { cassaEffects } from './effects';
import { OrderEditor } from './OrderEditor';
import { OrdersWidget } from './OrdersWidget';
import './cassa.css';

const CASSA_PATH = '/cassa';

/** The order the URL names (`/cassa?ordine=12`), or null. */
function selectedOrder(params: URLSearchParams): number | null {
  const id = Number(params.get('ordine'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The cash desk screen (its own chunk, loaded only by staff): the add/edit widget above, the day's
 * list below, or 'Torna indietro' while an order is open. The URL names the open order; the
 * widget follows it.
 */
export function CassaPage() {
  const { api, cassa } = useAppActors();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = selectedOrder(params);
  const [effects] = useState(() => cassa.effects ?? cassaEffects);
  // The cassa's I/O is built here, in its own chunk, so no customer downloads it.
  const [pollingActors] = useState(() => createOrderPollingActors(api));
  const polling = useActorRef(
    orderPollingMachine.provide({
      actors: pollingActors,
      actions: {
        chime: () => effects.chime(),
        loadTicket: (_, { id }) => effects.loadTicket(id),
        printTicket: (_, { id }) => effects.printTicket(id),
        // The URL names the order being edited (the widget reads it); the page scrolls up to it.
        openOrder: (_, { id }) => {
          void navigate(`${CASSA_PATH}?ordine=${id}`);
          window.scrollTo({ top: 0 });
        },
      },
    }),
    { input: { date: null, muted: cassa.muted() } },
  );
  const cart = useActorRef(cassa.cartLogic, { input: { saved: null } });
  const editor = useActorRef(
    cassaOrderMachine.provide({
      actors: createCassaOrderActors(api, () => savedCart(cart.getSnapshot().context)),
      actions: {
        loadCart: (_, { lines, code }) => cart.send({ type: 'cart.load', lines, code }),
        emptyCart: () => cart.send({ type: 'cart.empty' }),
        addToCart: (_, { product }) => cart.send({ type: 'line.add', choice: { product, variant: null, additions: [], qty: 1 } }),
        syncDeliveryCode: (_, { delivery }) => cart.send({ type: 'delivery.select', delivery }),
        ordersChanged: () => polling.send({ type: 'orders.refresh' }),
        showOrder: (_, { id }) => void navigate(id === null ? CASSA_PATH : `${CASSA_PATH}?ordine=${id}`, { replace: true }),
      },
    }),
    { input: { orderId, createKey: () => crypto.randomUUID() } },
  );
  useEffect(() => cassa.persistMuted(polling), [cassa, polling]);
  // The URL is the one owner of which order is open: the widget hears each change.
  useEffect(() => {
    editor.send(orderId === null ? { type: 'order.clear' } : { type: 'order.select', id: orderId });
  }, [editor, orderId]);

  const view = useView(polling, connectOrderPolling);
  usePageTitle(view.pageTitle);
  return (
    <section className="page cassa-page">
      <h1>Cassa</h1>
      {view.counters && (
        <InHeader>
          <ul className="staff-counter-list" aria-label="Contatori ordini">
            {view.counters.map((c) => (
              <li key={c.label}>
                {c.label} <strong>{c.value}</strong>
              </li>
            ))}
          </ul>
        </InHeader>
      )}
      <OrderEditor actor={editor} cart={cart} />
      {orderId === null ? (
        <OrdersWidget view={view} />
      ) : (
        <Button className="button cassa-back" onPress={() => void navigate(CASSA_PATH)}>
          Torna indietro
        </Button>
      )}
    </section>
  );
}
